import type { Language } from '@pool/contract/languages';
import type { NotificationKind } from '@pool/contract/notifications';

/** What an event says, as the triggers of migration 0013 and the server's own emitters write it. */
export interface EventPayload {
  at: string;
  stage?: 'created' | 'completed';
  amount?: string;
  address?: string;
  txid?: string | null;
  day?: string;
  net?: string;
  field?: 'address' | 'min_payment' | 'max_payment';
  value?: string;
  previous?: string | null;
  by?: string | null;
  ip?: string | null;
  location?: string | null;
  user_agent?: string | null;
  account_name?: string;
  offline?: { name: string; last_share_at: string }[];
  back?: { name: string; last_share_at: string }[];
}

export interface MessageContext {
  language: Language;
  poolName: string;
  /** The miner account the event is about; null for a person's own events (a sign-in). */
  accountName: string | null;
  /** The web app's address, for what to do next. */
  appUrl: string;
}

export interface Message {
  subject: string;
  text: string;
}

/** Satoshis as BTC with 8 decimals (exact: no floating point). */
export function btc(sats: string | null | undefined): string {
  if (!sats || !/^-?\d+$/.test(sats)) return '—';
  const negative = sats.startsWith('-');
  const digits = (negative ? sats.slice(1) : sats).padStart(9, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)} BTC`;
}

/** A time as `2026-11-26 03:20 UTC`: the same for every reader, whatever their zone. */
export function utc(at: string | undefined): string {
  const time = at ? new Date(at) : undefined;
  if (!time || Number.isNaN(time.getTime())) return '—';
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

interface Words {
  account: string;
  when: string;
  from: string;
  by: string;
  unknown: string;
  notYou: string;
  notYouLogin: string;
  payoutCreated: (amount: string) => [string, string];
  payoutCompleted: (amount: string) => [string, string];
  toAddress: string;
  txid: string;
  reward: (amount: string, day: string) => [string, string];
  addressChanged: [string, string];
  newAddress: string;
  oldAddress: string;
  minChanged: [string, string];
  maxChanged: [string, string];
  newValue: string;
  oldValue: string;
  noLimit: string;
  payoutsStopped: string;
  minerDeleted: (name: string) => [string, string];
  login: [string, string];
  device: string;
  offline: (count: number) => string;
  back: (count: number) => string;
  offlineLine: string;
  backLine: string;
  lastShare: string;
  footer: (pool: string, url: string) => string;
}

const en: Words = {
  account: 'Account',
  when: 'When',
  from: 'From',
  by: 'By',
  unknown: 'unknown',
  notYou:
    'If it was not you, sign in, change your password, set up two-factor authentication and set the wallet back at once: payouts are stopped for a day after every wallet change, so there is time to act.',
  notYouLogin:
    'If it was not you, change your password at once, close the other sessions in your settings and set up two-factor authentication.',
  payoutCreated: (amount) => ['Payout created', `A payout of ${amount} was created.`],
  payoutCompleted: (amount) => ['Payout completed', `A payout of ${amount} was completed on the blockchain.`],
  toAddress: 'To address',
  txid: 'Transaction',
  reward: (amount, day) => ['Reward booked', `A reward of ${amount} for ${day} was booked.`],
  addressChanged: ['Security: payout address changed', 'The payout address of your account was changed.'],
  newAddress: 'New address',
  oldAddress: 'Previous address',
  minChanged: ['Security: minimum payment changed', 'The minimum payment of your account was changed.'],
  maxChanged: ['Security: maximum payment changed', 'The maximum payment of your account was changed.'],
  newValue: 'New value',
  oldValue: 'Previous value',
  noLimit: 'no limit',
  payoutsStopped: 'Payouts are stopped for a day after the change.',
  minerDeleted: (name) => ['Account deleted', `The account ${name} was deleted.`],
  login: ['Security: sign-in from a new device', 'Your account was signed in to from a device not used before.'],
  device: 'Device',
  offline: (count) => (count === 1 ? 'A worker is offline' : `${count} workers are offline`),
  back: (count) => (count === 1 ? 'A worker is back online' : `${count} workers are back online`),
  offlineLine: 'Offline (no shares for longer than is likely at their own share rate):',
  backLine: 'Back online:',
  lastShare: 'last share',
  footer: (pool, url) => `${pool} · ${url}/settings/notifications to change what you receive`,
};

const ru: Words = {
  account: 'Аккаунт',
  when: 'Когда',
  from: 'Откуда',
  by: 'Кто',
  unknown: 'неизвестно',
  notYou:
    'Если это были не вы, войдите, смените пароль, включите двухфакторную аутентификацию и сразу верните кошелёк: после каждого изменения кошелька выплаты остановлены на сутки, так что время есть.',
  notYouLogin:
    'Если это были не вы, сразу смените пароль, завершите другие сеансы в настройках и включите двухфакторную аутентификацию.',
  payoutCreated: (amount) => ['Выплата создана', `Создана выплата ${amount}.`],
  payoutCompleted: (amount) => ['Выплата завершена', `Выплата ${amount} подтверждена в блокчейне.`],
  toAddress: 'На адрес',
  txid: 'Транзакция',
  reward: (amount, day) => ['Начислено вознаграждение', `Начислено вознаграждение ${amount} за ${day}.`],
  addressChanged: ['Безопасность: адрес выплат изменён', 'Адрес выплат вашего аккаунта изменён.'],
  newAddress: 'Новый адрес',
  oldAddress: 'Прежний адрес',
  minChanged: ['Безопасность: минимальная выплата изменена', 'Минимальная выплата вашего аккаунта изменена.'],
  maxChanged: ['Безопасность: максимальная выплата изменена', 'Максимальная выплата вашего аккаунта изменена.'],
  newValue: 'Новое значение',
  oldValue: 'Прежнее значение',
  noLimit: 'без ограничения',
  payoutsStopped: 'После изменения выплаты остановлены на сутки.',
  minerDeleted: (name) => ['Аккаунт удалён', `Аккаунт ${name} удалён.`],
  login: [
    'Безопасность: вход с нового устройства',
    'В ваш аккаунт вошли с устройства, которое раньше не использовалось.',
  ],
  device: 'Устройство',
  offline: (count) => (count === 1 ? 'Воркер не в сети' : `Воркеров не в сети: ${count}`),
  back: (count) => (count === 1 ? 'Воркер снова в сети' : `Воркеров снова в сети: ${count}`),
  offlineLine: 'Не в сети (шар нет дольше, чем вероятно при их собственной частоте шар):',
  backLine: 'Снова в сети:',
  lastShare: 'последняя шара',
  footer: (pool, url) => `${pool} · ${url}/settings/notifications — настроить уведомления`,
};

const cn: Words = {
  account: '账户',
  when: '时间',
  from: '来源',
  by: '操作人',
  unknown: '未知',
  notYou:
    '如果不是您本人操作，请立即登录、修改密码、启用双重验证并改回钱包：每次修改钱包后支付都会暂停一天，您有时间处理。',
  notYouLogin: '如果不是您本人操作，请立即修改密码，在设置中关闭其他会话，并启用双重验证。',
  payoutCreated: (amount) => ['已创建支付', `已创建一笔 ${amount} 的支付。`],
  payoutCompleted: (amount) => ['支付已完成', `一笔 ${amount} 的支付已在区块链上完成。`],
  toAddress: '收款地址',
  txid: '交易',
  reward: (amount, day) => ['收益已入账', `${day} 的收益 ${amount} 已入账。`],
  addressChanged: ['安全提醒：支付地址已更改', '您账户的支付地址已被更改。'],
  newAddress: '新地址',
  oldAddress: '原地址',
  minChanged: ['安全提醒：最低支付额已更改', '您账户的最低支付额已被更改。'],
  maxChanged: ['安全提醒：最高支付额已更改', '您账户的最高支付额已被更改。'],
  newValue: '新值',
  oldValue: '原值',
  noLimit: '无限制',
  payoutsStopped: '更改后支付暂停一天。',
  minerDeleted: (name) => ['账户已删除', `账户 ${name} 已被删除。`],
  login: ['安全提醒：新设备登录', '有人从一台此前未使用过的设备登录了您的账户。'],
  device: '设备',
  offline: (count) => (count === 1 ? '一台矿机离线' : `${count} 台矿机离线`),
  back: (count) => (count === 1 ? '一台矿机已恢复在线' : `${count} 台矿机已恢复在线`),
  offlineLine: '离线（按其自身的提交速率，无份额的时间已超出合理范围）：',
  backLine: '已恢复在线：',
  lastShare: '最后份额',
  footer: (pool, url) => `${pool} · ${url}/settings/notifications 修改通知设置`,
};

export const words: Record<Language, Words> = { en, ru, cn };

/** The e-mail and Telegram text of one event for one reader, in their language. */
export function render(kind: NotificationKind, payload: EventPayload, context: MessageContext): Message {
  const w = words[context.language];
  const lines: string[] = [];
  const add = (label: string, value: string | null | undefined) => lines.push(`${label}: ${value || w.unknown}`);
  let subject: string;
  let lead: string;
  switch (kind) {
    case 'miner-payout': {
      [subject, lead] = (payload.stage === 'completed' ? w.payoutCompleted : w.payoutCreated)(btc(payload.amount));
      add(w.toAddress, payload.address);
      if (payload.txid) add(w.txid, payload.txid);
      break;
    }
    case 'miner-reward':
      [subject, lead] = w.reward(btc(payload.net), payload.day ?? w.unknown);
      break;
    case 'miner-wallet-address-changed':
      [subject, lead] = w.addressChanged;
      add(w.newAddress, payload.value);
      add(w.oldAddress, payload.previous);
      break;
    case 'miner-wallet-minpay-changed': {
      const max = payload.field === 'max_payment';
      const amount = (value: string | null | undefined) =>
        max && value === '0' ? w.noLimit : value === null || value === undefined ? value : btc(value);
      [subject, lead] = max ? w.maxChanged : w.minChanged;
      add(w.newValue, amount(payload.value));
      add(w.oldValue, amount(payload.previous));
      break;
    }
    case 'delete-miner':
      [subject, lead] = w.minerDeleted(payload.account_name ?? context.accountName ?? w.unknown);
      break;
    case 'user-login':
      [subject, lead] = w.login;
      add(w.device, payload.user_agent);
      break;
    case 'worker-status-changed': {
      const offline = payload.offline ?? [];
      const back = payload.back ?? [];
      subject = [offline.length ? w.offline(offline.length) : '', back.length ? w.back(back.length) : '']
        .filter(Boolean)
        .join(' · ');
      lead = subject;
      if (offline.length) {
        lines.push(w.offlineLine);
        for (const worker of offline) lines.push(`  ${worker.name} (${w.lastShare} ${utc(worker.last_share_at)})`);
      }
      if (back.length) {
        lines.push(w.backLine);
        for (const worker of back) lines.push(`  ${worker.name}`);
      }
      break;
    }
  }
  const security = kind === 'miner-wallet-address-changed' || kind === 'miner-wallet-minpay-changed';
  if (context.accountName) lines.unshift(`${w.account}: ${context.accountName}`);
  add(w.when, utc(payload.at));
  if (security || kind === 'user-login') {
    add(w.from, [payload.ip, payload.location].filter(Boolean).join(', '));
    if (security) {
      add(w.by, payload.by);
      lines.push('', w.payoutsStopped);
    }
    lines.push('', security ? w.notYou : w.notYouLogin);
  }
  const title = context.accountName && kind !== 'user-login' ? `${subject} — ${context.accountName}` : subject;
  return {
    subject: `${context.poolName}: ${title}`,
    text: [lead, '', ...lines, '', w.footer(context.poolName, context.appUrl)].join('\n'),
  };
}
