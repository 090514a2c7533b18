-- A search statement that reads thousands of rows with one parallel worker (ADR 0023): a count checked on
-- every match's vector (综合 + 工程项目 in full text at a million items: 9,560 out-of-line vectors, 77 ms) is split
-- between two processes (51 ms). The cheap statements of a search keep `search_rows` (no workers: starting one
-- costs more than a short statement saves). The costs are zero so that the planner takes the parallel plan the
-- caller asked for: its estimate of a phrase's matches is the lexemes' (`ts_match_vq` is priced, not counted).
CREATE FUNCTION search_rows_parallel(statement text) RETURNS SETOF record
LANGUAGE plpgsql STABLE
SET work_mem = '32MB'
SET jit = off
SET max_parallel_workers_per_gather = 1
SET parallel_setup_cost = 0
SET parallel_tuple_cost = 0
SET min_parallel_table_scan_size = 0
SET min_parallel_index_scan_size = 0
AS $$
BEGIN
  RETURN QUERY EXECUTE statement;
END
$$;
