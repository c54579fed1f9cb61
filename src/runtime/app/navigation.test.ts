import { describe, expect, it } from 'vitest';
import { preloadPage, setPagePreloader } from './navigation';

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
