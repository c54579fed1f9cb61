import { describe, expect, it } from 'vitest';
import { pageName, pageOptions, registerPageNames } from './page-names';

const entities = [
  { 'x-route': '/home/alarmManage', 'x-menu': { labels: { en: 'Alarm management', zh: '报警管理', ja: 'アラーム管理' } } },
  { 'x-route': '/home/robotManage', 'x-menu': { labels: { en: 'Robots', zh: '机器人管理', ja: 'ロボット管理' } } },
  // A page without a menu entry (a form opened from a list) is not offered.
  { 'x-route': '/home/mapEditor', 'x-labels': { en: 'Map editor' } },
];

describe('console pages by name (a role\'s home page, issue 22)', () => {
  registerPageNames([{ path: '/home/telecontrol', labels: { en: 'Telecontrol', zh: '远程控制', ja: '遠隔操作' } }]);

  it('names a route by its page, else shows the route', () => {
    expect(pageName('/home/telecontrol', 'zh', entities)).toBe('远程控制');
    expect(pageName('/home/robotManage', 'ja', entities)).toBe('ロボット管理');
    expect(pageName('/home/nowhere', 'en', entities)).toBe('/home/nowhere');
  });

  it('offers every menu page by name in the language, sorted, within the schema pattern', () => {
    const options = pageOptions('en', entities, /^\/home\/[A-Za-z]+$/);
    expect(options).toEqual([
      { value: '/home/alarmManage', label: 'Alarm management' },
      { value: '/home/robotManage', label: 'Robots' },
      { value: '/home/telecontrol', label: 'Telecontrol' },
    ]);
    expect(pageOptions('zh', entities).map((o) => o.label)).toContain('报警管理');
    expect(pageOptions('en', entities, /^\/home\/robot/).map((o) => o.value)).toEqual(['/home/robotManage']);
  });
});
