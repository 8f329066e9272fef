import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { oryText } from './ory-text.ts';

describe('identity message translation (spec 8)', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'ru',
      resources: {
        ru: {
          translation: {
            identity: {
              '4000006': 'Неверные данные для входа.',
              '4000032': 'Пароль должен быть не короче {{min_length}} символов, а в нём {{actual_length}}.',
            },
          },
        },
      },
    });
  });

  it('translates a message by its id', () => {
    expect(oryText(i18next.t, { id: 4000006, text: 'The provided credentials are invalid', type: 'error' })).toBe(
      'Неверные данные для входа.',
    );
  });

  it("fills the message's context into the translation", () => {
    const text = {
      id: 4000032,
      text: 'too short',
      type: 'error' as const,
      context: { min_length: 8, actual_length: 3 },
    };
    expect(oryText(i18next.t, text)).toBe('Пароль должен быть не короче 8 символов, а в нём 3.');
  });

  it('falls back to the text the service sent for an id it does not know', () => {
    expect(oryText(i18next.t, { id: 4999999, text: 'Something new from the server', type: 'error' })).toBe(
      'Something new from the server',
    );
  });
});
