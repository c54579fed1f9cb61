/** The console's widget registry: one component per name of common/widgets WIDGET_NAMES. */
import type { WidgetName } from '@common/widgets';
import { createWidgetRegistry, type FormWidget, type WidgetRegistry } from './widget-registry';
import { pluginWidgets } from './plugin-widgets';
import { CompanyPickerWidget } from './company-picker-widget';
import { FileUploadWidget, ImageUploadWidget } from './upload-widget';
import { DayPickerWidget, HourPickerWidget, MonthPickerWidget, WeekPickerWidget } from './multi-picker';
import { ImagePreviewWidget } from './image-preview-widget';
import { DetectionViewerWidget } from './detection-viewer-widget';
import { ImagesUploadWidget } from './images-upload-widget';
import { NaviProgressWidget } from './navi-progress-widget';
import { MapRoutePickerWidget } from './map-route-picker-widget';
import { PermissionTreeWidget } from './permission-tree-widget';
import { TableImportWidget } from './table-import-widget';
import { DatetimeWidget, PasswordWidget, RefPickerWidget, RobotPickerWidget, RolePickerWidget, TextareaWidget } from './simple-widgets';
import { CascaderWidget, CheckboxesWidget, ColorWidget, DateWidget, RadioWidget, RateWidget, SliderWidget, SwitchWidget, TimeWidget } from './designer-widgets';

const BUILT_IN: Record<WidgetName, FormWidget> = {
  'company-picker': CompanyPickerWidget,
  'image-upload': ImageUploadWidget,
  datetime: DatetimeWidget,
  textarea: TextareaWidget,
  password: PasswordWidget,
  'robot-picker': RobotPickerWidget,
  'role-picker': RolePickerWidget,
  'file-upload': FileUploadWidget,
  'month-picker': MonthPickerWidget,
  'day-picker': DayPickerWidget,
  'week-picker': WeekPickerWidget,
  'hour-picker': HourPickerWidget,
  'image-preview': ImagePreviewWidget,
  'permission-tree': PermissionTreeWidget,
  'ref-picker': RefPickerWidget,
  'table-import': TableImportWidget,
  radio: RadioWidget,
  checkboxes: CheckboxesWidget,
  time: TimeWidget,
  date: DateWidget,
  rate: RateWidget,
  color: ColorWidget,
  switch: SwitchWidget,
  slider: SliderWidget,
  cascader: CascaderWidget,
  'detection-viewer': DetectionViewerWidget,
  'images-upload': ImagesUploadWidget,
  'navi-progress': NaviProgressWidget,
  'map-route-picker': MapRoutePickerWidget,
};

const builtIn: WidgetRegistry = /* @__PURE__ */ createWidgetRegistry(BUILT_IN);

/** The shared widget registry: the built-in widgets, then the plugins' (plugin-widgets.ts, filled by createPluginRegistry). */
export const formWidgets: WidgetRegistry = {
  register: (name, widget) => builtIn.register(name, widget),
  has: (name) => builtIn.has(name) || pluginWidgets.has(name),
  names: () => [...builtIn.names(), ...pluginWidgets.names()],
  resolve: (name, schemaId, property) => (!builtIn.has(name) && pluginWidgets.has(name) ? pluginWidgets.resolve(name, schemaId, property) : builtIn.resolve(name, schemaId, property)),
};
