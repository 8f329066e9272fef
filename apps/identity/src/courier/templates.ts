/** One e-mail as the courier stores it; `templateType` names Kratos's template. */
export interface Email {
  templateType: string;
  recipient: string;
  subject: string;
  body: string;
}

export function recoveryCodeEmail(to: string, code: string): Email {
  return {
    templateType: 'recovery_code_valid',
    recipient: to,
    subject: 'Recover access to your account',
    body: `Hi,\n\nplease recover access to your account by entering the following code:\n\n${code}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
  };
}

export function verificationCodeEmail(to: string, code: string): Email {
  return {
    templateType: 'verification_code_valid',
    recipient: to,
    subject: 'Please verify your email address',
    body: `Hi,\n\nplease verify your account by entering the following code:\n\n${code}\n`,
  };
}

export function newDeviceLoginEmail(
  to: string,
  device: { ipAddress: string | null; userAgent: string | null },
  at: Date,
): Email {
  return {
    templateType: 'login_notification',
    recipient: to,
    subject: 'New sign-in to your account',
    body: `Hi,\n\nyour account was signed in to from a new device at ${at.toISOString()}.\n\nBrowser: ${device.userAgent ?? 'unknown'}\nIP address: ${device.ipAddress ?? 'unknown'}\n\nIf this was not you, recover your account and sign out of every other session in your settings.\n`,
  };
}
