/**
 * The terminal's line editing (the robot's shell runs whole lines): printable input is echoed and
 * kept, Backspace deletes, Enter hands the line over, Ctrl+C drops it, arrows walk the history.
 */
export type EditorEvent = { kind: 'echo'; text: string } | { kind: 'line'; line: string } | { kind: 'cancel' };

export class LineEditor {
  private buffer = '';
  private history: string[] = [];
  private at = 0;
  constructor(private readonly maxLength: number) {}

  get line(): string {
    return this.buffer;
  }

  /** One chunk of keyboard input (xterm onData) → what to do. */
  input(data: string): EditorEvent[] {
    const out: EditorEvent[] = [];
    if (data === '\x1b[A' || data === '\x1b[B') {
      if (this.history.length === 0) return out;
      this.at = Math.max(0, Math.min(this.history.length, this.at + (data === '\x1b[A' ? -1 : 1)));
      const next = this.history[this.at] ?? '';
      out.push({ kind: 'echo', text: '\b \b'.repeat(this.buffer.length) + next });
      this.buffer = next;
      return out;
    }
    if (data.startsWith('\x1b')) return out;
    for (const ch of data) {
      if (ch === '\r' || ch === '\n') {
        const line = this.buffer;
        this.buffer = '';
        if (line.trim()) this.history.push(line);
        this.at = this.history.length;
        out.push({ kind: 'line', line });
      } else if (ch === '\x7f' || ch === '\b') {
        if (this.buffer.length > 0) {
          this.buffer = this.buffer.slice(0, -1);
          out.push({ kind: 'echo', text: '\b \b' });
        }
      } else if (ch === '\x03') {
        this.buffer = '';
        out.push({ kind: 'cancel' });
      } else if (ch >= ' ' && this.buffer.length < this.maxLength) {
        this.buffer += ch;
        out.push({ kind: 'echo', text: ch });
      }
    }
    return out;
  }
}
