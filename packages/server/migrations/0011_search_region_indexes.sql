-- City and district filters (areas such as 广东省_深圳市, 北京市_海淀区) as index scans: with only the term's GIN
-- index, a common term filtered to one district reads every document holding the term (公告 + 海淀区: 100k
-- rows for 45 matches, measured in docs/performance.md); with these the planner ANDs the two bitmaps.
CREATE INDEX search_document_city ON search_document (city_code) WHERE city_code IS NOT NULL;
CREATE INDEX search_document_district ON search_document (district_code) WHERE district_code IS NOT NULL;
