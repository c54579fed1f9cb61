import { describe, expect, it } from 'vitest';
import { fillConfirmText } from './confirm-text';

const properties = {
  form: { processStatus: { type: 'integer', 'x-enum': 'alarm-process-choice' }, result: { type: 'string' } },
  row: { code: { type: 'integer', 'x-enum': 'alarm-code' }, robotName: { type: 'string' } },
} as never;
const labels: Record<string, Record<string, string>> = { 'alarm-process-choice': { 1: 'Processed' }, 'alarm-code': { 604: 'Behaviour: climbing' } };
const enumLabel = (id: string, v: unknown) => labels[id]?.[String(v)] ?? String(v);

describe('the confirmation of a form row action', () => {
  it('names the form’s values and the row’s fields, enum values by their labels', () => {
    const text = 'Mark the alarm “{{code}}” of {{robotName}} as {{processStatus}}? Result: {{result}}';
    expect(fillConfirmText(text, { processStatus: 1, result: 'Guard sent' }, { id: 7, code: 604, robotName: 'PatrolA2' }, properties, enumLabel)).toBe(
      'Mark the alarm “Behaviour: climbing” of PatrolA2 as Processed? Result: Guard sent',
    );
  });

  it('shows a dash for a field neither the form nor the row holds', () => {
    expect(fillConfirmText('{{nothing}} / {{robotName}}', {}, { id: 1, robotName: '' }, properties, enumLabel)).toBe('— / —');
  });
});
