/** The console's widget registry: one component per name of common/widgets WIDGET_NAMES. */
import type { WidgetName } from '@common/widgets';
import { createWidgetRegistry, type FormWidget, type WidgetRegistry } from './widget-registry';
import { CompanyPickerWidget } from './company-picker-widget';
import { ImageUploadWidget } from './image-upload-widget';
import { DatetimeWidget, PasswordWidget, RobotPickerWidget, RolePickerWidget, TextareaWidget } from './simple-widgets';

const BUILT_IN: Record<WidgetName, FormWidget> = {
  'company-picker': CompanyPickerWidget,
  'image-upload': ImageUploadWidget,
  datetime: DatetimeWidget,
  textarea: TextareaWidget,
  password: PasswordWidget,
  'robot-picker': RobotPickerWidget,
  'role-picker': RolePickerWidget,
};

/** The shared widget registry (plugins may register more names). */
export const formWidgets: WidgetRegistry = /* @__PURE__ */ createWidgetRegistry(BUILT_IN);
