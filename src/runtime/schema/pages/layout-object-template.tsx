/**
 * The generated dialogs' object template: when the entity carries a designer layout
 * (`x-form.layout`: fields, grids with columns, static text), the root form follows it with
 * antd Row/Col; properties the layout does not place follow in two columns as before. Without a
 * layout, and for nested objects, antd's own template renders.
 */
import type { ReactNode } from 'react';
import { Col, Row, Typography } from 'antd';
import { Templates } from '@rjsf/antd';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { Lang } from '@common/protocol';
import { pickLabel } from '../schema-types';

/** One item of `x-form.layout` as the runtime reads it (the designer writes it). */
export type FormLayoutItem =
  | { field: string }
  | {
      type: string;
      key?: string;
      name?: string;
      labels?: Record<string, string>;
      options?: { gutter?: number; justify?: string; align?: string; defaultValue?: unknown };
      columns?: { span: number; list: FormLayoutItem[] }[];
    };

/** What the template needs from the form context. */
export interface LayoutFormContext {
  layout?: FormLayoutItem[];
  lang?: Lang;
  colSpan?: Record<string, number>;
  rowGutter?: number;
}

const DefaultObjectTemplate = Templates.ObjectFieldTemplate!;
const ALIGN: Record<string, 'top' | 'middle' | 'bottom'> = { top: 'top', middle: 'middle', bottom: 'bottom' };
const JUSTIFY = new Set(['start', 'end', 'center', 'space-around', 'space-between', 'space-evenly']);

/** Names of the data fields a layout places (to find the ones it leaves out). */
export function placedFields(layout: FormLayoutItem[]): Set<string> {
  const out = new Set<string>();
  const walk = (items: FormLayoutItem[]) =>
    items.forEach((it) => {
      if ('field' in it) out.add(it.field);
      else it.columns?.forEach((c) => walk(c.list ?? []));
    });
  walk(layout);
  return out;
}

/** The RJSF ObjectFieldTemplate of the generated dialogs. */
export function LayoutObjectTemplate(props: ObjectFieldTemplateProps) {
  const ctx = (props.registry.formContext ?? {}) as LayoutFormContext;
  const layout = ctx.layout;
  if (!layout?.length || props.fieldPathId.path.length > 0) return <DefaultObjectTemplate {...props} />;
  const content = new Map(props.properties.filter((p) => !p.hidden).map((p) => [p.name, p.content]));
  const hidden = props.properties.filter((p) => p.hidden).map((p) => p.content);
  const placed = placedFields(layout);

  const render = (items: FormLayoutItem[], span: number): ReactNode[] =>
    items.map((it, i) => {
      if ('field' in it) {
        const c = content.get(it.field);
        return c ? (
          <Col key={it.field} span={span}>
            {c}
          </Col>
        ) : null;
      }
      if (it.type === 'grid') {
        const o = it.options ?? {};
        return (
          <Col key={it.key ?? i} span={24}>
            <Row gutter={Number(o.gutter) || 0} justify={JUSTIFY.has(String(o.justify)) ? (o.justify as 'start') : 'start'} align={ALIGN[String(o.align)] ?? 'top'} data-testid={`form-grid-${it.key ?? i}`}>
              {(it.columns ?? []).map((c, ci) => (
                <Col key={ci} span={Number(c.span) || 12}>
                  <Row>{render(c.list ?? [], 24)}</Row>
                </Col>
              ))}
            </Row>
          </Col>
        );
      }
      if (it.type === 'text') {
        const text = it.options?.defaultValue ?? pickLabel(it.labels, ctx.lang ?? 'en', it.name ?? '');
        return (
          <Col key={it.key ?? i} span={24} style={{ marginBottom: 16 }}>
            <Typography.Text>{String(text ?? '')}</Typography.Text>
          </Col>
        );
      }
      return null; // blank and unknown layout-only items take no room
    });

  const rest = props.properties.filter((p) => !p.hidden && !placed.has(p.name));
  return (
    <div data-testid="form-layout">
      <Row gutter={ctx.rowGutter ?? 16}>
        {render(layout, 24)}
        {rest.map((p) => (
          <Col key={p.name} span={ctx.colSpan?.[String((props.schema.properties?.[p.name] as { type?: string } | undefined)?.type)] ?? 24}>
            {p.content}
          </Col>
        ))}
      </Row>
      {hidden}
    </div>
  );
}
