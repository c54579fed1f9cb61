/**
 * A rule for every antd table of the console (issue 22, axe-core WCAG 2 A/AA): the hidden row
 * antd measures column widths with (`tr.ant-table-measure-row`, aria-hidden) carries
 * `tabindex="-1"`, which makes an aria-hidden element focusable ("aria-hidden-focus"). Each such
 * row, whenever a table renders one, loses the tabindex and becomes inert. A table body that
 * scrolls (fixed header, `.ant-table-body`) can be reached with the keyboard (tabindex 0), so it
 * scrolls with the arrow keys ("scrollable-region-focusable"). Started once with the
 * console (ConsoleRefine); returns its stopper.
 */
const SELECTOR = 'tr.ant-table-measure-row[tabindex]';

function fix(root: ParentNode): void {
  for (const row of root.querySelectorAll(SELECTOR)) {
    row.removeAttribute('tabindex');
    row.setAttribute('inert', '');
  }
  for (const body of root.querySelectorAll('.ant-table-body:not([tabindex])')) body.setAttribute('tabindex', '0');
}

export function startTableA11y(root: HTMLElement = document.body): () => void {
  let queued = 0;
  fix(root);
  const observer = new MutationObserver(() => {
    // Once a frame at most, however many nodes a render added.
    if (!queued) queued = requestAnimationFrame(() => ((queued = 0), fix(root)));
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    if (queued) cancelAnimationFrame(queued);
  };
}
