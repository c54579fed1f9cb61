/**
 * Names of the built-in form widgets a schema may name with `x-widget`. The console registers a
 * component for each (src/runtime/schema/widgets). A plugin may bring more: its plugin.json
 * `widgets` declares the names (the server's loader reads them), its definePlugin `widgets` the
 * components (docs/plugins.md). The server refuses, at start, a schema naming any other widget,
 * with a message that names the file.
 */
export const WIDGET_NAMES = [
  'company-picker',
  'image-upload',
  'file-upload',
  'datetime',
  'textarea',
  'password',
  'robot-picker',
  'role-picker',
  'month-picker',
  'day-picker',
  'week-picker',
  'hour-picker',
  'image-preview',
  'permission-tree',
  'ref-picker',
  'table-import',
  // Form designer field types (issue 6).
  'radio',
  'checkboxes',
  'time',
  'date',
  'rate',
  'color',
  'switch',
  'slider',
  'cascader',
  // Detections (issue 7): a detection's picture that opens the viewer (picture / position, previous / next).
  'detection-viewer',
  // Face library (issue 7): several pictures kept as a comma-separated list of upload URLs (x-max-files).
  'images-upload',
  // Navigation (issue 5): a patrol task's progress (lap of laps, route point) in its list; read-only.
  'navi-progress',
  // Navigation (issue 5): a route of the map chosen in the form's mapId field (the map editor's routes).
  'map-route-picker',
] as const;
/** One widget name. */
export type WidgetName = (typeof WIDGET_NAMES)[number];
