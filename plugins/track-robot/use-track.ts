/** Small helpers the track pages share: a call that reports its failure, and the status label colours. */
import { useCallback } from 'react';
import { App } from 'antd';
import { isAbortedError } from '@runtime';

/** Runs a change and shows its failure (the server's message); resolves true on success. */
export function useRun() {
  const { message } = App.useApp();
  return useCallback(
    async (work: () => Promise<unknown>, success?: string): Promise<boolean> => {
      try {
        await work();
        if (success) void message.success(success);
        return true;
      } catch (err) {
        if (!isAbortedError(err)) void message.error((err as Error).message);
        return false;
      }
    },
    [message],
  );
}

/** Colours of the track statuses (spec §4: idle 0, running 1, paused 2, error 9). */
export const TRACK_STATUS_COLOURS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'warning', 9: 'error' };
/** Colours of the task statuses. */
export const TASK_STATUS_COLOURS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'warning', 3: 'error', 4: 'success' };
