/**
 * The canvas: the form's fields as sortable items (dnd-kit), grids with droppable columns that
 * hold their own sortable lists. Selecting, copying, deleting and moving work by mouse and by
 * keyboard (Enter selects; Delete removes; Ctrl+D copies; Alt+Up/Down moves; the handle drags).
 */
import { type KeyboardEvent, type ReactNode } from 'react';
import { Button, Col, Form, Row, Space, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { copyField, deleteField, moveField, selectField, type Command } from '../model/commands';
import type { Container, DesignerDocument, DesignerField } from '../model/types';
import { FORM_DESIGNER_TEST_IDS as ids } from '../test-ids';
import { containerId, type DragData } from './drop-target';
import { FieldMock } from './field-mock';

/** What the canvas needs from the page. */
export interface CanvasProps {
  doc: DesignerDocument;
  selected: string | null;
  dispatch: (c: Command) => void;
}

const fieldId = (key: string) => `field:${key}`;

function DropList({ container, list, emptyText, testId, children }: { container: Container; list: DesignerField[]; emptyText: string; testId?: string; children: ReactNode }) {
  const data: DragData = { kind: 'container', container, length: list.length };
  const { setNodeRef, isOver } = useDroppable({ id: containerId(container), data });
  return (
    <div ref={setNodeRef} data-testid={testId} className={`fd-drop-list${isOver ? ' fd-drop-over' : ''}${list.length === 0 ? ' fd-drop-empty' : ''}`}>
      <SortableContext items={list.map((f) => fieldId(f.key))} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
      {list.length === 0 ? <div className="fd-drop-hint">{emptyText}</div> : null}
    </div>
  );
}

function FieldList(props: CanvasProps & { container: Container; list: DesignerField[]; emptyText: string; testId?: string }) {
  const { list, container } = props;
  return (
    <DropList container={container} list={list} emptyText={props.emptyText} testId={props.testId}>
      {list.map((f, i) => (
        <SortableField key={f.key} {...props} field={f} index={i} siblings={list.length} />
      ))}
    </DropList>
  );
}

function SortableField(props: CanvasProps & { field: DesignerField; container: Container; index: number; siblings: number }) {
  const { field, container, index, siblings, selected, dispatch } = props;
  const { t } = useTranslation('form-designer');
  const data: DragData = { kind: 'field', key: field.key, container, index };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: fieldId(field.key), data });
  const isSelected = selected === field.key;
  const typeName = t(`types.${field.type}`);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      dispatch(selectField(field.key));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      dispatch(deleteField(field.key));
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'd') {
      e.preventDefault();
      dispatch(copyField(field.key));
    } else if (e.altKey && e.key === 'ArrowUp' && index > 0) {
      e.preventDefault();
      dispatch(moveField(field.key, container, index - 1));
    } else if (e.altKey && e.key === 'ArrowDown' && index < siblings - 1) {
      e.preventDefault();
      dispatch(moveField(field.key, container, index + 2));
    }
  };
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      className={`fd-field${isSelected ? ' fd-field-selected' : ''}${field.type === 'grid' ? ' fd-field-grid' : ''}`}
      data-testid={ids.field(field.model)}
      tabIndex={0}
      role="group"
      aria-label={t('canvas.fieldAria', { name: field.name || typeName, type: typeName })}
      aria-selected={isSelected}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        e.stopPropagation();
        dispatch(selectField(field.key));
      }}
    >
      <div className="fd-field-bar">
        <button type="button" className="fd-handle" ref={setActivatorNodeRef} data-testid={ids.handle(field.model)} aria-label={`${typeName}: drag`} {...attributes} {...listeners}>
          <HolderOutlined />
        </button>
        {isSelected ? (
          <Space size={0} className="fd-field-actions">
            <Tooltip title={t('canvas.up')}>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('canvas.up')} onClick={() => dispatch(moveField(field.key, container, index - 1))} />
            </Tooltip>
            <Tooltip title={t('canvas.down')}>
              <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index >= siblings - 1} aria-label={t('canvas.down')} onClick={() => dispatch(moveField(field.key, container, index + 2))} />
            </Tooltip>
            <Tooltip title={t('canvas.copy')}>
              <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('canvas.copy')} onClick={() => dispatch(copyField(field.key))} />
            </Tooltip>
            <Tooltip title={t('canvas.delete')}>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('canvas.delete')} onClick={() => dispatch(deleteField(field.key))} />
            </Tooltip>
          </Space>
        ) : null}
      </div>
      {field.type === 'grid' ? (
        <Row gutter={Number(field.options.gutter) || 0} justify={field.options.justify as never} align={field.options.align as never}>
          {field.columns!.map((col, c) => (
            <Col key={c} span={col.span}>
              <FieldList {...props} container={{ kind: 'column', gridKey: field.key, column: c }} list={col.list} emptyText={t('canvas.dropColumn')} testId={ids.column(field.model, c)} />
            </Col>
          ))}
        </Row>
      ) : (
        <Form.Item label={field.type === 'text' ? undefined : field.name} required={field.options.required === true} style={{ marginBottom: 0 }}>
          <div className="fd-mock">
            <FieldMock field={field} />
          </div>
        </Form.Item>
      )}
    </div>
  );
}

const SIZE = { medium: 'middle', small: 'small', mini: 'small' } as const;

/** The canvas of the whole form. */
export function DesignerCanvas(props: CanvasProps) {
  const { t } = useTranslation('form-designer');
  const { config } = props.doc;
  const top = config.labelPosition === 'top';
  return (
    <div className="fd-canvas" data-testid={ids.canvas} onClick={() => props.dispatch(selectField(null))}>
      <Form
        layout={top ? 'vertical' : 'horizontal'}
        size={SIZE[config.size]}
        labelAlign={config.labelPosition === 'left' ? 'left' : 'right'}
        labelCol={top ? undefined : { flex: `${config.labelWidth}px` }}
        labelWrap
        component="div"
      >
        <FieldList {...props} container={{ kind: 'root' }} list={props.doc.list} emptyText={t('canvas.empty')} />
      </Form>
      {props.doc.list.length === 0 ? <Typography.Paragraph type="secondary" className="fd-canvas-empty" /> : null}
    </div>
  );
}
