-- The audit log keeps every entry: besides UPDATE and DELETE of its rows, emptying it whole is refused.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
