import en from './locales/en/common.json';
import kg from './locales/kg/common.json';
import ru from './locales/ru/common.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
    const path = prefix + key;
    return typeof value === 'string'
      ? { ...all, [path]: value }
      : { ...all, ...flatten(value, `${path}.`) };
  }, {});
}

const texts = { kg: flatten(kg), ru: flatten(ru), en: flatten(en) };

describe('shell texts', () => {
  it('have the same keys in kg, ru and en', () => {
    const keys = Object.keys(texts.ru).sort();
    expect(Object.keys(texts.kg).sort()).toEqual(keys);
    expect(Object.keys(texts.en).sort()).toEqual(keys);
  });

  it('keep the Russian wording of the spec', () => {
    expect(texts.ru['offline.banner']).toBe('Нет сети !!!');
    expect(texts.ru['errors.render']).toBe('Ошибка, обновите страницу!');
    expect(texts.ru['login.errors.enterCredentials']).toBe('Введите имя пользователя и пароль');
    expect(texts.ru['login.errors.invalidCredentials']).toBe(
      'Неверное имя пользователя или пароль',
    );
    expect(texts.en['password.success']).toBe('Password changed successfully');
    expect(texts.en['password.failed']).toBe('Password change failed');
    expect(texts.en['offline.message']).toBe('You are offline. Please connect to the Internet.');
    expect(`${texts.en['title.main']} | ${texts.en['title.portal']}`).toBe('main page | portal');
  });

  it('are written in Kyrgyz, not left in Russian', () => {
    expect(texts.kg['login.submit']).toBe('Кирүү');
    expect(texts.kg['login.password']).toBe('Сырсөз');
    expect(texts.kg['profile.logout']).toBe('Чыгуу');
    expect(texts.kg['layout.tabs.news']).toBe('Жаңылыктар');
    expect(texts.kg['layout.tabs.messages']).toBe('Билдирүүлөр');
    expect(texts.kg['layout.tabs.apps']).toBe('Тиркемелер');
    // Apart from shared terms (Профиль, Логин, ...), every Kyrgyz text differs from the Russian one.
    const same = Object.keys(texts.ru).filter((key) => texts.kg[key] === texts.ru[key]);
    expect(same.length).toBeLessThan(Object.keys(texts.ru).length / 5);
  });
});
