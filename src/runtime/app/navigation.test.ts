import { describe, expect, it } from 'vitest';
import { confirmLeave, preloadPage, setLeaveGuard, setPagePreloader } from './navigation';

describe('preloadPage', () => {
  it('hands the path to the registered preloader after the current task, and nothing once unregistered', async () => {
    const asked: string[] = [];
    const unregister = setPagePreloader((p) => asked.push(p));
    preloadPage('/home/mapEditor');
    expect(asked).toEqual([]);
    await new Promise((r) => setTimeout(r, 5));
    expect(asked).toEqual(['/home/mapEditor']);
    unregister();
    preloadPage('/home/other');
    await new Promise((r) => setTimeout(r, 5));
    expect(asked).toEqual(['/home/mapEditor']);
  });
});

describe('leave guard', () => {
  it('asks the registered guard before leaving, and lets go once it is unregistered', async () => {
    expect(await confirmLeave()).toBe(true);
    let answer = false;
    const unregister = setLeaveGuard(() => Promise.resolve(answer));
    expect(await confirmLeave()).toBe(false);
    answer = true;
    expect(await confirmLeave()).toBe(true);
    answer = false;
    unregister();
    expect(await confirmLeave()).toBe(true);
  });
});
