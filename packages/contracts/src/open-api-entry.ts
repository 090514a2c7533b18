// `@tender/contracts/open-api`: the open data API's operations and its OpenAPI document. A separate entry so the
// web client, which never calls them, does not carry them in its first bundle (the /login budget).
export type { OpenApiOperation } from './open-api';
export {
  cursorPage,
  marketGroupBySchema,
  marketGroupSchema,
  OPEN_API_OPERATIONS,
  OPEN_API_PREFIX,
  openApiAnswerSchema,
  pageCursor,
  pageCursorSchema,
} from './open-api';
export { openApiDocument } from './open-api-document';
