import { Form, Input, Modal, Space, type FormRule, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FILE_NAME_MAX,
  fileExtension,
  isValidFileName,
  renamedFileName,
  type FileNode,
} from '@mathbridge/contracts/files';
import { isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateFolder } from '../api/create-folder.ts';
import { useRenameNode } from '../api/rename-node.ts';

export type NameModalState =
  { mode: 'create'; spaceId: number; parentId: number | undefined } | { mode: 'rename'; node: FileNode } | null;

/** A file keeps its extension on rename (the server insists): only the part before it is edited. */
function splitName(node: FileNode): { base: string; ext: string } {
  const ext = node.type === 'file' ? fileExtension(node.name) : '';
  return ext ? { base: node.name.slice(0, -(ext.length + 1)), ext } : { base: node.name, ext: '' };
}

/** "New folder" and "Rename": one name field with the contracts' name rule; server refusals show on it. */
export function NameModal({ state, onClose }: { state: NameModalState; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const input = useRef<InputRef>(null);
  const create = useCreateFolder();
  const rename = useRenameNode();
  const split = state?.mode === 'rename' ? splitName(state.node) : { base: '', ext: '' };
  const suffix = split.ext ? `.${split.ext}` : '';
  const pending = create.isPending || rename.isPending;

  useEffect(() => {
    if (state) form.setFields([{ name: 'name', value: split.base, errors: [] }]);
  }, [state, form, split.base]);

  const rules: FormRule[] = [
    { required: true, whitespace: true, message: t('validation.required') },
    {
      validator: async (_rule, value: string | undefined) => {
        if (!value?.trim()) return;
        const full = renamedFileName(value.normalize('NFC'), split.ext);
        if (full === null) throw new Error(t('errors.extensionChange', { ext: split.ext }));
        if ([...full].length > FILE_NAME_MAX)
          throw new Error(t('validation.maxLength', { max: FILE_NAME_MAX - suffix.length }));
        if (!isValidFileName(full)) throw new Error(t('validation.fileName'));
      },
    },
  ];

  const submit = async ({ name }: { name: string }) => {
    if (!state) return;
    // Typing the extension the field already shows ('sales-2025.csv') must not double it.
    const full = renamedFileName(name, split.ext);
    if (full === null) return;
    try {
      if (state.mode === 'create') {
        const node = await create.mutateAsync({ spaceId: state.spaceId, parentId: state.parentId, name: full });
        notify.success(t('files.nameForm.created', { name: node.name }));
      } else {
        const node = await rename.mutateAsync({ id: state.node.id, name: full });
        notify.success(t('files.nameForm.renamed', { name: node.name }));
      }
      onClose();
    } catch (error) {
      if (!isApiError(error) || error.handled) return;
      // 400 names the field; a clash (409) or a changed extension (415) is about the name too.
      const message = error.fieldErrors.find((fieldError) => fieldError.field === 'name')?.message ?? error.message;
      form.setFields([{ name: 'name', errors: [message] }]);
    }
  };

  return (
    <Modal
      open={state !== null}
      title={state?.mode === 'rename' ? t('files.nameForm.renameTitle') : t('files.nameForm.newFolderTitle')}
      okText={state?.mode === 'rename' ? t('files.nameForm.save') : t('files.nameForm.create')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={(open) => {
        if (open) input.current?.focus({ cursor: 'all' });
      }}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label={t('files.nameForm.name')}
          htmlFor="mb-file-name"
          extra={suffix ? t('files.nameForm.keepExtension', { ext: split.ext }) : undefined}
        >
          <Space.Compact block>
            <Form.Item name="name" noStyle rules={rules}>
              <Input
                id="mb-file-name"
                ref={input}
                placeholder={state?.mode === 'create' ? t('files.nameForm.folderPlaceholder') : undefined}
                autoComplete="off"
                maxLength={FILE_NAME_MAX}
              />
            </Form.Item>
            {suffix && <Space.Addon>{suffix}</Space.Addon>}
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
