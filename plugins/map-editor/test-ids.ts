/** Test ids of the map editor. */
export const MAP_EDITOR_TEST_IDS = {
  page: 'map-editor',
  /** A map still being processed: its progress, and the editor opens once it is done. */
  notReady: 'map-editor-not-ready',
  notReadyProgress: 'map-editor-not-ready-progress',
  canvas: 'map-editor-canvas',
  /** `map-tool-<name>`: select, forbidden, area, route, track, charge, shutter, point. */
  tool: 'map-tool',
  areaKind: 'map-area-kind',
  pointKind: 'map-point-kind',
  copy: 'map-copy-pathways',
  copyDialog: 'map-copy-dialog',
  undo: 'map-undo',
  redo: 'map-redo',
  zoomIn: 'map-zoom-in',
  zoomOut: 'map-zoom-out',
  fit: 'map-fit',
  zoom: 'map-zoom',
  remove: 'map-delete-element',
  save: 'map-save',
  back: 'map-back',
  hint: 'map-hint',
  elements: 'map-elements',
  /** `map-element-<id>` rows of the element list, with data-kind. */
  element: 'map-element',
  props: 'map-element-props',
  name: 'map-element-name',
  enabled: 'map-charge-enabled',
  robots: 'map-robots',
  /** `map-robot-<robotId>` rows with data-x, data-y (map pixels) or data-fallback. */
  robot: 'map-robot',
  dirty: 'map-dirty',
  /** `map-poi-field-<field>`: action (an action's kind), icon, robot, dwell, grid, phone, lift, elevator, introduction, media, pitch, camera, detection. */
  poiField: 'map-poi-field',
  transportKind: 'map-transport-kind',
  theta: 'map-init-theta',
  initRobot: 'map-init-robot',
  initSend: 'map-init-send',
  /** The error page of a failed map data request. */
  loadFailed: 'map-load-failed',
} as const;
