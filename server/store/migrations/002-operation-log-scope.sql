-- The operation log (userLog) is read per company tree and shows what a change did.
ALTER TABLE operation_log ADD COLUMN "companyId" bigint;
ALTER TABLE operation_log ADD COLUMN "before" jsonb;
CREATE INDEX operation_log_company_idx ON operation_log ("companyId", "at" DESC);
