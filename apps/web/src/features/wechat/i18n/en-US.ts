/** Strings of the WeChat binding (dialog and account card), English: the reference shape. */
export const wechatEnUS = {
  wechat: {
    dialog: {
      title: 'Bind WeChat',
      stepScan: 'Scan',
      stepCode: 'Enter code',
      stepDone: 'Bound',
      scanHint: 'Scan this QR code with WeChat and follow the official account. It will send you a code.',
      qrLabel: 'QR code for binding WeChat',
      loading: 'Getting a QR code…',
      scanned: 'Scan successful',
      scannedHint: 'The official account is sending you a code in WeChat.',
      codeLabel: 'Code from WeChat',
      codeHint: 'Enter the code the official account sent you in WeChat.',
      submit: 'Bind',
      bound: 'Bound',
      boundAs: 'Your account is bound to WeChat “{{name}}”.',
      firstGreeting: 'Welcome! Codes and notifications can now reach you in WeChat.',
      done: 'Done',
      retrying: 'Trying again in {{seconds}} seconds…',
    },
    card: {
      title: 'WeChat',
      notBound: 'Not bound to WeChat. Bind it to receive codes and notifications there.',
      boundAs: 'Bound to “{{name}}”',
      since: 'Since {{date}}',
      bind: 'Bind WeChat',
      unbind: 'Unbind',
      confirmTitle: 'Unbind WeChat?',
      confirmContent:
        'Codes and notifications will no longer be sent to this WeChat account. You can bind again at any time.',
      unbound: 'WeChat unbound',
    },
  },
} as const;
