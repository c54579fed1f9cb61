/** Test ids of the API reference page. */
export const API_REFERENCE_TEST_IDS = {
  page: 'api-reference',
  frame: 'api-reference-frame',
  openapi: 'api-reference-openapi',
  asyncapi: 'api-reference-asyncapi',
} as const;
