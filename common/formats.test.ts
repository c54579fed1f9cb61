import { describe, expect, it } from 'vitest';
import { FORMATS, normalisePickList } from './formats';

const ok = (name: string, ...values: string[]) => values.forEach((v) => expect(FORMATS[name]!.validate(v), `${name}: ${v}`).toBe(true));
const bad = (name: string, ...values: string[]) => values.forEach((v) => expect(FORMATS[name]!.validate(v), `${name}: ${v}`).toBe(false));

describe('named formats of spec §5', () => {
  it('username: letters and digits, 5-16', () => {
    ok('username', 'admin', 'abc12', 'A'.repeat(16));
    bad('username', 'abcd', 'A'.repeat(17), 'ab cd', 'ab_cd', '');
  });
  it('password: 6-16 letters and digits with both a letter and a digit', () => {
    ok('password', 'demo1234', 'a1b2c3', 'Z9'.repeat(8));
    bad('password', 'abcdef', '123456', 'a1b2c', 'a1'.repeat(9), 'abc 123');
  });
  it('serial number: 10 letters/digits, first two numeric', () => {
    ok('serial-number', '01WR000001', '99TPabcdef');
    bad('serial-number', 'A1WR000001', '01WR00001', '01WR0000011', '01WR-00001');
  });
  it('basic text, phone, e-mail, domain, positive number, integer', () => {
    ok('basic-text', '', 'Harbor1', '港口安保');
    bad('basic-text', 'a b', 'a-b', 'a!');
    ok('phone', '', '13812345678', '010-12345678', '0755-1234567');
    bad('phone', '12812345678', '1381234567', 'phone');
    ok('email', '', 'a@b.co', 'first.last+tag@example.com');
    bad('email', 'a@b', 'a b@c.com', '@c.com');
    ok('company-domain', 'robots.example.com', 'a.cn', '');
    bad('company-domain', 'example', 'exa mple.com', 'example.comedy', '-a.com');
    ok('positive-number', '0', '12', '0.5', '3.25');
    bad('positive-number', '-1', '1.50', '01', '1.', 'abc');
    ok('integer', '0', '123');
    bad('integer', '-1', '1.0', '');
  });
  it('clock time: HH:mm:ss on the 24-hour clock (spec §5 schedule times)', () => {
    ok('clock-time', '00:00:00', '07:30:05', '23:59:59');
    bad('clock-time', '24:00:00', '7:30:00', '07:30', '07:60:00', '07:30:00 ', '');
  });
  it('pickers of spec §2: month 1-12, day 1-31, week 0-6, hour 0-23, or * for all', () => {
    ok('month-list', '*', '1', '12', '1,6,12', '12,1');
    bad('month-list', '', '0', '13', '1,', ',1', '1,,2', '01', '1, 2', '**', 'a');
    ok('day-list', '*', '1', '31', '1,15,31');
    bad('day-list', '0', '32', '31,32');
    ok('week-list', '*', '0', '6', '0,1,2,3,4,5,6');
    bad('week-list', '7', '-1', '1,7');
    ok('hour-list', '*', '0', '23', '0,12,23');
    bad('hour-list', '24', '0,24', '123');
    expect(normalisePickList('3,1,3', 1, 12)).toBe('1,3');
    expect(normalisePickList('0,1,2,3,4,5,6', 0, 6)).toBe('*');
    expect(normalisePickList('6,5,4,3,2,1,0,0', 0, 6)).toBe('*');
    expect(normalisePickList('1,2,3,4,5,6,7,8,9,10,11', 1, 12)).toBe('1,2,3,4,5,6,7,8,9,10,11');
  });
});
