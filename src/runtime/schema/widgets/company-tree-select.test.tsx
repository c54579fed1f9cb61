// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../../i18n/i18n';
import { SchemaProvider } from '../schema-context';
import { createSchemaRegistry } from '../schema-registry';
import type { EntitySchema } from '../schema-types';
import { CompanyTreeSelect, companyTree } from './company-tree-select';

beforeAll(async () => {
  // antd reads matchMedia (responsive observers); jsdom has none.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

const schemas = createSchemaRegistry({
  entities: [
    {
      $id: 'company',
      'x-lookup': { event: 'getCompanysByRoleId', id: 'companyId', label: 'companyName', parent: 'parentId' },
      properties: { companyId: { type: 'integer' }, companyName: { type: 'string' }, parentId: { type: ['integer', 'null'], 'x-ref': 'company' } },
    } as unknown as EntitySchema,
  ],
  enums: [],
});
const companies = [
  { companyId: 1, companyName: 'HarborSecurity', parentId: null },
  { companyId: 2, companyName: 'HarborEast', parentId: 1 },
  { companyId: 3, companyName: 'MetroColdChain', parentId: null },
];

/** The picker over the companies above (the answer already in the shared query cache, as after the first picker). */
function renderPicker(props: Parameters<typeof CompanyTreeSelect>[0]) {
  const client = new QueryClient();
  client.setQueryData(['fleet-console', 'ref', 'company'], companies);
  return render(
    <QueryClientProvider client={client}>
      <SchemaProvider registry={schemas}>
        <CompanyTreeSelect {...props} />
      </SchemaProvider>
    </QueryClientProvider>,
  );
}

describe('CompanyTreeSelect: the one company tree picker', () => {
  it('builds subsidiaries under their parents', () => {
    expect(companyTree(companies.map((c) => ({ value: c.companyId, label: c.companyName, parent: c.parentId })))).toEqual([
      { value: 1, title: 'HarborSecurity', children: [{ value: 2, title: 'HarborEast', children: [] }] },
      { value: 3, title: 'MetroColdChain', children: [] },
    ]);
  });

  it('shows the chosen company by name, with the caller’s test id and accessible name', () => {
    renderPicker({ testId: 'picker', 'aria-label': 'Company', value: 2 });
    const picker = screen.getByTestId('picker');
    expect(picker.textContent).toContain('HarborEast');
    expect(screen.getByRole('combobox').getAttribute('aria-label')).toBe('Company');
  });

  it('says what to choose when nothing is chosen, and answers the id of the company picked in the tree', () => {
    const onChange = vi.fn();
    renderPicker({ testId: 'picker', onChange, virtual: false, open: true });
    expect(screen.getByTestId('picker').textContent).toContain('Choose a company');
    // The tree is open in full: the subsidiary is there without expanding its parent.
    fireEvent.click(screen.getByTitle('HarborEast'));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
