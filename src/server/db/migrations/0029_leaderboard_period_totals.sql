CREATE TABLE "points_period_histogram" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"phase" text NOT NULL,
	"points" integer NOT NULL,
	"founders" integer NOT NULL,
	CONSTRAINT "points_period_histogram_period_starts_on_phase_points_pk" PRIMARY KEY("period","starts_on","phase","points")
);
--> statement-breakpoint
CREATE TABLE "points_period_totals" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"listed" boolean NOT NULL,
	"phase" text,
	CONSTRAINT "points_period_totals_period_starts_on_user_id_pk" PRIMARY KEY("period","starts_on","user_id")
);
--> statement-breakpoint
DROP INDEX "points_ledger_period_idx";--> statement-breakpoint
ALTER TABLE "points_period_totals" ADD CONSTRAINT "points_period_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_period_histogram_board_idx" ON "points_period_histogram" USING btree ("period","starts_on","points","founders");--> statement-breakpoint
CREATE INDEX "points_period_totals_board_idx" ON "points_period_totals" USING btree ("period","starts_on","listed","points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "points_period_totals_phase_idx" ON "points_period_totals" USING btree ("period","starts_on","listed","phase","points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "points_period_totals_user_idx" ON "points_period_totals" USING btree ("user_id");--> statement-breakpoint
-- Adds each (founder, moment, points) to the founder's week, month and all-time totals, with
-- whether they are listed and their phase as they are now (decision 192).
CREATE FUNCTION points_period_totals_apply(user_ids text[], ats timestamptz[], deltas integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO points_period_totals AS t (period, starts_on, user_id, points, listed, phase)
  SELECT p.period, p.starts_on, c.user_id, sum(c.delta)::integer,
    bool_and(u.status = 'active' AND coalesce(m.visibility, 'anonymous') <> 'hidden'), min(u.startup_phase)
  FROM unnest(user_ids, ats, deltas) AS c(user_id, at, delta)
  JOIN users u ON u.id = c.user_id
  LEFT JOIN community_members m ON m.user_id = c.user_id
  CROSS JOIN LATERAL (VALUES
    ('week', date_trunc('week', c.at AT TIME ZONE 'UTC')::date),
    ('month', date_trunc('month', c.at AT TIME ZONE 'UTC')::date),
    ('all', DATE '1970-01-01')) AS p(period, starts_on)
  GROUP BY p.period, p.starts_on, c.user_id
  ON CONFLICT (period, starts_on, user_id) DO UPDATE SET points = t.points + excluded.points
$$;
--> statement-breakpoint
-- Ledger rows counted (not revoked) are added; a row revoked, changed or deleted is taken back first.
CREATE FUNCTION points_ledger_sync_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM points_period_totals_apply(array_agg(user_id), array_agg(created_at), array_agg(-points)) FROM old_rows WHERE revoked_at IS NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM points_period_totals_apply(array_agg(user_id), array_agg(created_at), array_agg(points)) FROM new_rows WHERE revoked_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER points_ledger_totals_insert AFTER INSERT ON points_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION points_ledger_sync_totals();
--> statement-breakpoint
CREATE TRIGGER points_ledger_totals_update AFTER UPDATE ON points_ledger REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION points_ledger_sync_totals();
--> statement-breakpoint
CREATE TRIGGER points_ledger_totals_delete AFTER DELETE ON points_ledger REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION points_ledger_sync_totals();
--> statement-breakpoint
-- A founder's status, phase or visibility changed: their totals say anew whether they are listed, and where.
CREATE FUNCTION points_period_totals_relist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  founder text := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  UPDATE points_period_totals t
  SET listed = (u.status = 'active' AND coalesce(m.visibility, 'anonymous') <> 'hidden'), phase = u.startup_phase
  FROM users u LEFT JOIN community_members m ON m.user_id = u.id
  WHERE u.id = founder AND t.user_id = founder
    AND (t.listed IS DISTINCT FROM (u.status = 'active' AND coalesce(m.visibility, 'anonymous') <> 'hidden') OR t.phase IS DISTINCT FROM u.startup_phase);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_points_totals_relist AFTER UPDATE OF status, startup_phase ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.startup_phase IS DISTINCT FROM NEW.startup_phase)
  EXECUTE FUNCTION points_period_totals_relist('id');
--> statement-breakpoint
CREATE TRIGGER community_members_points_totals_relist AFTER INSERT OR UPDATE OF visibility ON community_members FOR EACH ROW
  EXECUTE FUNCTION points_period_totals_relist('user_id');
--> statement-breakpoint
-- How many listed founders with points hold each total, netted per value so that one
-- statement touches each histogram row once (decision 192).
CREATE FUNCTION points_period_histogram_apply(periods text[], starts date[], phases text[], totals integer[], deltas integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO points_period_histogram AS h (period, starts_on, phase, points, founders)
  SELECT c.period, c.starts_on, coalesce(c.phase, ''), c.points, sum(c.delta)::integer
  FROM unnest(periods, starts, phases, totals, deltas) AS c(period, starts_on, phase, points, delta)
  GROUP BY 1, 2, 3, 4
  HAVING sum(c.delta) <> 0
  ON CONFLICT (period, starts_on, phase, points) DO UPDATE SET founders = h.founders + excluded.founders
$$;
--> statement-breakpoint
-- A totals row that appears, changes or goes moves its founder between values of the histogram.
CREATE FUNCTION points_period_histogram_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM points_period_histogram_apply(array_agg(period), array_agg(starts_on), array_agg(phase), array_agg(points), array_agg(1))
    FROM new_rows WHERE listed AND points > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM points_period_histogram_apply(array_agg(period), array_agg(starts_on), array_agg(phase), array_agg(points), array_agg(-1))
    FROM old_rows WHERE listed AND points > 0;
  ELSE
    PERFORM points_period_histogram_apply(array_agg(period), array_agg(starts_on), array_agg(phase), array_agg(points), array_agg(delta))
    FROM (
      SELECT period, starts_on, phase, points, 1 AS delta FROM new_rows WHERE listed AND points > 0
      UNION ALL
      SELECT period, starts_on, phase, points, -1 FROM old_rows WHERE listed AND points > 0
    ) AS changes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER points_period_totals_histogram_insert AFTER INSERT ON points_period_totals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION points_period_histogram_sync();
--> statement-breakpoint
CREATE TRIGGER points_period_totals_histogram_update AFTER UPDATE ON points_period_totals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION points_period_histogram_sync();
--> statement-breakpoint
CREATE TRIGGER points_period_totals_histogram_delete AFTER DELETE ON points_period_totals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION points_period_histogram_sync();
--> statement-breakpoint
-- The totals of the points earned before this migration.
SELECT points_period_totals_apply(array_agg(user_id), array_agg(created_at), array_agg(points)) FROM points_ledger WHERE revoked_at IS NULL;
