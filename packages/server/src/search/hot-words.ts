/** Distinct members who searched a keyword before 热门搜索 shows it to everyone (getHostSearchWord). */
export const HOT_WORD_MIN_SEARCHERS = 3;
/** Longer keywords are one member's phrase rather than a hot word (characters). */
export const HOT_WORD_MAX_LENGTH = 12;
/** The brand's own starting hot words (seeded from its manifest; operators edit them). */
export const HOT_WORD_DICTIONARY = 'hot_search_word';
