import { Segmented as AntSegmented, type SegmentedProps } from 'antd';

/**
 * antd's Segmented, named by its purpose. Left alone it announces itself as "segmented control", in
 * English, whatever the interface's language (its radiogroup's fixed aria-label): every segmented
 * control of the product says what it chooses, in the reader's language. Lint allows antd's only here.
 */
export function Segmented<V extends string | number>({ label, ...props }: SegmentedProps<V> & { label: string }) {
  return <AntSegmented<V> {...props} aria-label={label} />;
}
