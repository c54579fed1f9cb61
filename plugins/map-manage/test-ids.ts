/** Test ids of map management. */
export const MAP_MANAGE_TEST_IDS = {
  page: 'map-manage',
  tabs: 'map-manage-tabs',
  upload: 'map-upload',
  uploadDialog: 'map-upload-dialog',
  uploadName: 'map-upload-name',
  uploadBuilding: 'map-upload-building',
  uploadFloor: 'map-upload-floor',
  uploadType: 'map-upload-type',
  uploadLayer: 'map-upload-layer',
  uploadPgm: 'map-upload-pgm',
  uploadYaml: 'map-upload-yaml',
  uploadProgress: 'map-upload-progress',
  uploadSubmit: 'map-upload-submit',
  table: 'map-table',
  /** `map-row-<mapId>` on each row's name cell. */
  row: 'map-row',
  /** `map-state-<mapId>`: processing state, with data-state and data-progress. */
  state: 'map-state',
  /** `map-sync-<mapId>`: sync tags. */
  sync: 'map-sync',
  edit: 'map-edit',
  modify: 'map-modify',
  syncButton: 'map-sync-button',
  download: 'map-download',
  remove: 'map-delete',
  syncDialog: 'map-sync-dialog',
  modifyDialog: 'map-modify-dialog',
  buildings: 'building-table',
  addBuilding: 'building-add',
  buildingDialog: 'building-dialog',
  buildingName: 'building-name',
  buildingRegion: 'building-region',
  buildingFloors: 'building-floors',
  /** The company of a new building (only when the caller sees more than one). */
  buildingCompany: 'building-company',
  /** The company of an uploaded map (only when the caller sees more than one). */
  uploadCompany: 'map-upload-company',
  /** `building-delete-<id>`. */
  removeBuilding: 'building-delete',
} as const;
