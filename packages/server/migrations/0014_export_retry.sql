-- An export a crash interrupted is written again (src/export, resumeInterrupted): the rows it was granted, so the
-- retry writes exactly those, and the writer's last sign of life, so another API node can tell a dead writer from
-- a slow one. Both are only needed while the export runs.
ALTER TABLE export_record ADD COLUMN item_ids bigint[];
ALTER TABLE export_record ADD COLUMN heartbeat_at timestamptz;
