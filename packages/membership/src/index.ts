// Public API of @tender/membership (spec §2, §4, §5). Curated; no `export *`.
export { messages } from './messages';
