CREATE TABLE "activity_day_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"founders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_week_counts" (
	"week" date PRIMARY KEY NOT NULL,
	"founders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_weeks" (
	"user_id" text NOT NULL,
	"week" date NOT NULL,
	"days" smallint NOT NULL,
	CONSTRAINT "activity_weeks_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
CREATE TABLE "feature_day_counts" (
	"feature" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "feature_day_counts_feature_day_pk" PRIMARY KEY("feature","day")
);
--> statement-breakpoint
CREATE TABLE "founder_milestones" (
	"user_id" text PRIMARY KEY NOT NULL,
	"signed_up_at" timestamp with time zone NOT NULL,
	"live" boolean NOT NULL,
	"email_verified" boolean NOT NULL,
	"onboarded" boolean NOT NULL,
	"recorded_week" boolean DEFAULT false NOT NULL,
	"created_task" boolean DEFAULT false NOT NULL,
	"asked_mentor" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_day_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"signed_up" integer NOT NULL,
	"confirmed_email" integer NOT NULL,
	"onboarded" integer NOT NULL,
	"first_week" integer NOT NULL,
	"first_task" integer NOT NULL,
	"first_mentor_question" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_week_counts" (
	"cohort_week" date NOT NULL,
	"week" date NOT NULL,
	"founders" integer NOT NULL,
	CONSTRAINT "retention_week_counts_cohort_week_week_pk" PRIMARY KEY("cohort_week","week")
);
--> statement-breakpoint
ALTER TABLE "founder_milestones" ADD CONSTRAINT "founder_milestones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_weeks_week_idx" ON "activity_weeks" USING btree ("week","days");--> statement-breakpoint
CREATE INDEX "founder_milestones_signed_up_idx" ON "founder_milestones" USING btree ("signed_up_at") WHERE live;--> statement-breakpoint
CREATE INDEX "mentor_messages_user_question_idx" ON "mentor_messages" USING btree ("user_id") WHERE role = 'user';--> statement-breakpoint
-- The rollups are kept by statement triggers over each statement's rows (decision 227), so every
-- writer counts, and a bulk insert costs a few grouped statements, not one per row.
-- Activity: a founder's day adds to its day's count; their first day of an ISO week opens the
-- founder-week (weekday bits) and adds to the week's count. Deleting days undoes both.
CREATE FUNCTION analytics_count_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE activity_day_counts c SET founders = c.founders - o.n
      FROM (SELECT day, count(*) AS n FROM old_days GROUP BY day) o WHERE c.day = o.day;
    WITH touched AS (
      SELECT DISTINCT user_id, day - (extract(isodow FROM day)::int - 1) AS week FROM old_days
    ), remaining AS (
      SELECT t.user_id, t.week, (SELECT bit_or(1 << (extract(isodow FROM a.day)::int - 1))::smallint FROM activity_days a
        WHERE a.user_id = t.user_id AND a.day BETWEEN t.week AND t.week + 6) AS days
      FROM touched t
    ), closed AS (
      DELETE FROM activity_weeks w USING remaining r WHERE w.user_id = r.user_id AND w.week = r.week AND r.days IS NULL RETURNING w.week
    ), narrowed AS (
      UPDATE activity_weeks w SET days = r.days FROM remaining r WHERE w.user_id = r.user_id AND w.week = r.week AND w.days <> r.days
    )
    UPDATE activity_week_counts c SET founders = c.founders - x.n
      FROM (SELECT week, count(*) AS n FROM closed GROUP BY week) x WHERE c.week = x.week;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO activity_day_counts AS c (day, founders)
      SELECT day, count(*) FROM new_days GROUP BY day ORDER BY day
      ON CONFLICT (day) DO UPDATE SET founders = c.founders + excluded.founders;
    WITH weeks AS (
      SELECT user_id, day - (extract(isodow FROM day)::int - 1) AS week, bit_or(1 << (extract(isodow FROM day)::int - 1))::smallint AS days
      FROM new_days GROUP BY 1, 2
    ), opened AS (
      INSERT INTO activity_weeks (user_id, week, days) SELECT user_id, week, days FROM weeks ORDER BY user_id, week
      ON CONFLICT DO NOTHING RETURNING week
    )
    INSERT INTO activity_week_counts AS c (week, founders)
      SELECT week, count(*) FROM opened GROUP BY week ORDER BY week
      ON CONFLICT (week) DO UPDATE SET founders = c.founders + excluded.founders;
    -- Weeks already open (before this statement, or by another transaction) gain the new weekdays.
    UPDATE activity_weeks w SET days = w.days | n.days
      FROM (SELECT user_id, day - (extract(isodow FROM day)::int - 1) AS week, bit_or(1 << (extract(isodow FROM day)::int - 1))::smallint AS days
        FROM new_days GROUP BY 1, 2) n
      WHERE w.user_id = n.user_id AND w.week = n.week AND w.days & n.days <> n.days;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_days_counted_on_insert AFTER INSERT ON activity_days REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_activity();
--> statement-breakpoint
CREATE TRIGGER activity_days_counted_on_update AFTER UPDATE ON activity_days REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_activity();
--> statement-breakpoint
CREATE TRIGGER activity_days_counted_on_delete AFTER DELETE ON activity_days REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_activity();
--> statement-breakpoint
-- Funnel: a founder's row follows `users` (sign-up time, not deleted, onboarded) and `auth_users`
-- (e-mail confirmed); the last three steps follow their tables (below).
CREATE FUNCTION analytics_follow_founder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO founder_milestones AS m (user_id, signed_up_at, live, email_verified, onboarded)
      SELECT n.id, n.created_at, n.status <> 'deleted', coalesce(au.email_verified, false), n.onboarding_completed
      FROM new_rows n LEFT JOIN auth_users au ON au.id = n.id ORDER BY n.id
      ON CONFLICT (user_id) DO UPDATE SET signed_up_at = excluded.signed_up_at, live = excluded.live, email_verified = excluded.email_verified, onboarded = excluded.onboarded;
  ELSE
    UPDATE founder_milestones m SET signed_up_at = n.created_at, live = n.status <> 'deleted', onboarded = n.onboarding_completed
      FROM new_rows n WHERE m.user_id = n.id
        AND (m.signed_up_at, m.live, m.onboarded) IS DISTINCT FROM (n.created_at, n.status <> 'deleted', n.onboarding_completed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_milestones_on_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_follow_founder();
--> statement-breakpoint
CREATE TRIGGER users_milestones_on_update AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_follow_founder();
--> statement-breakpoint
CREATE FUNCTION analytics_follow_email_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE founder_milestones m SET email_verified = n.email_verified FROM new_rows n WHERE m.user_id = n.id AND m.email_verified <> n.email_verified;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_users_milestones_on_update AFTER UPDATE ON auth_users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_follow_email_confirmation();
--> statement-breakpoint
-- Arguments (milestone column, condition on the row). A row makes the milestone true; deleting
-- rows makes it false again when none is left, as the funnel counted before.
CREATE FUNCTION analytics_note_milestone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('UPDATE founder_milestones m SET %1$I = true WHERE NOT m.%1$I AND m.user_id IN (SELECT user_id FROM new_rows WHERE %2$s)', TG_ARGV[0], TG_ARGV[1]);
  ELSE
    EXECUTE format('UPDATE founder_milestones m SET %1$I = false WHERE m.%1$I AND m.user_id IN (SELECT user_id FROM old_rows WHERE %2$s)
      AND NOT EXISTS (SELECT 1 FROM %3$I r WHERE r.user_id = m.user_id AND %2$s)', TG_ARGV[0], TG_ARGV[1], TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER metric_weeks_milestone_on_insert AFTER INSERT ON metric_weeks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_note_milestone('recorded_week', 'true');
--> statement-breakpoint
CREATE TRIGGER metric_weeks_milestone_on_delete AFTER DELETE ON metric_weeks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_note_milestone('recorded_week', 'true');
--> statement-breakpoint
CREATE TRIGGER tasks_milestone_on_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_note_milestone('created_task', 'true');
--> statement-breakpoint
CREATE TRIGGER tasks_milestone_on_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_note_milestone('created_task', 'true');
--> statement-breakpoint
CREATE TRIGGER mentor_messages_milestone_on_insert AFTER INSERT ON mentor_messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_note_milestone('asked_mentor', 'role = ''user''');
--> statement-breakpoint
CREATE TRIGGER mentor_messages_milestone_on_delete AFTER DELETE ON mentor_messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_note_milestone('asked_mentor', 'role = ''user''');
--> statement-breakpoint
-- Each change to founders' rows moves the live ones' steps on their UTC sign-up day's counts.
CREATE FUNCTION analytics_count_funnel() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  steps CONSTANT text := 'SELECT (signed_up_at AT TIME ZONE ''UTC'')::date AS day, %1$s AS signed_up, %1$s * email_verified::int AS confirmed_email,
    %1$s * onboarded::int AS onboarded, %1$s * recorded_week::int AS first_week, %1$s * created_task::int AS first_task,
    %1$s * asked_mentor::int AS first_mentor_question FROM %2$s WHERE live';
  changes text;
BEGIN
  changes := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN format(steps, 1, 'new_rows') END,
    CASE WHEN TG_OP <> 'INSERT' THEN format(steps, -1, 'old_rows') END);
  EXECUTE format('INSERT INTO funnel_day_counts AS c (day, signed_up, confirmed_email, onboarded, first_week, first_task, first_mentor_question)
    SELECT day, sum(signed_up), sum(confirmed_email), sum(onboarded), sum(first_week), sum(first_task), sum(first_mentor_question)
    FROM (%s) moved GROUP BY day
    HAVING (sum(signed_up), sum(confirmed_email), sum(onboarded), sum(first_week), sum(first_task), sum(first_mentor_question)) <> (0, 0, 0, 0, 0, 0)
    ORDER BY day
    ON CONFLICT (day) DO UPDATE SET signed_up = c.signed_up + excluded.signed_up, confirmed_email = c.confirmed_email + excluded.confirmed_email,
      onboarded = c.onboarded + excluded.onboarded, first_week = c.first_week + excluded.first_week, first_task = c.first_task + excluded.first_task,
      first_mentor_question = c.first_mentor_question + excluded.first_mentor_question', changes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER founder_milestones_counted_on_insert AFTER INSERT ON founder_milestones REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_funnel();
--> statement-breakpoint
CREATE TRIGGER founder_milestones_counted_on_update AFTER UPDATE ON founder_milestones REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_funnel();
--> statement-breakpoint
CREATE TRIGGER founder_milestones_counted_on_delete AFTER DELETE ON founder_milestones REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_funnel();
--> statement-breakpoint
-- Retention: a founder-week opened or closed moves its pair (sign-up week, week) when the founder
-- is live; a founder deleted, restored or with another sign-up time moves all their weeks.
CREATE FUNCTION analytics_count_retention() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  founders CONSTANT text := CASE WHEN TG_TABLE_NAME = 'founder_milestones' THEN '%2$s f JOIN activity_weeks a ON a.user_id = f.user_id'
    ELSE '%2$s a JOIN founder_milestones f ON f.user_id = a.user_id' END;
  pairs CONSTANT text := 'SELECT date_trunc(''week'', f.signed_up_at AT TIME ZONE ''UTC'')::date AS cohort_week, a.week, %1$s AS delta FROM '
    || founders || ' WHERE f.live AND a.week >= date_trunc(''week'', f.signed_up_at AT TIME ZONE ''UTC'')::date %3$s';
  -- A founder's row changes often (its milestones): only a change of sign-up time or of deletion moves anything.
  moved CONSTANT text := CASE WHEN TG_OP = 'UPDATE' THEN 'AND f.user_id IN (SELECT o.user_id FROM old_rows o JOIN new_rows n ON n.user_id = o.user_id
    WHERE (o.live, o.signed_up_at) IS DISTINCT FROM (n.live, n.signed_up_at))' ELSE '' END;
BEGIN
  EXECUTE format('INSERT INTO retention_week_counts AS c (cohort_week, week, founders)
      SELECT cohort_week, week, sum(delta) FROM (%s) moved GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (cohort_week, week) DO UPDATE SET founders = c.founders + excluded.founders',
    concat_ws(' UNION ALL ',
      CASE WHEN TG_OP <> 'DELETE' THEN format(pairs, 1, 'new_rows', moved) END,
      CASE WHEN TG_OP <> 'INSERT' THEN format(pairs, -1, 'old_rows', moved) END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_weeks_retention_on_insert AFTER INSERT ON activity_weeks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_retention();
--> statement-breakpoint
CREATE TRIGGER activity_weeks_retention_on_delete AFTER DELETE ON activity_weeks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_retention();
--> statement-breakpoint
CREATE TRIGGER founder_milestones_retention_on_insert AFTER INSERT ON founder_milestones REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_retention();
--> statement-breakpoint
CREATE TRIGGER founder_milestones_retention_on_update AFTER UPDATE ON founder_milestones REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_retention();
--> statement-breakpoint
CREATE TRIGGER founder_milestones_retention_on_delete AFTER DELETE ON founder_milestones REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_retention();
--> statement-breakpoint
-- Feature use: arguments (panel key, timestamp column) pairs. Rows add to their UTC day's count,
-- deleted rows take away, a changed timestamp moves the row's day (nothing written when none moved).
CREATE FUNCTION analytics_count_feature_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i integer := 0;
  changes text;
BEGIN
  WHILE i < TG_NARGS LOOP
    changes := concat_ws(' UNION ALL ',
      CASE WHEN TG_OP <> 'DELETE' THEN format('SELECT (%1$I AT TIME ZONE ''UTC'')::date AS day, 1 AS delta FROM new_rows WHERE %1$I IS NOT NULL', TG_ARGV[i + 1]) END,
      CASE WHEN TG_OP <> 'INSERT' THEN format('SELECT (%1$I AT TIME ZONE ''UTC'')::date AS day, -1 AS delta FROM old_rows WHERE %1$I IS NOT NULL', TG_ARGV[i + 1]) END);
    EXECUTE format('INSERT INTO feature_day_counts AS c (feature, day, count)
      SELECT $1, day, sum(delta) FROM (%s) moved GROUP BY day HAVING sum(delta) <> 0 ORDER BY day
      ON CONFLICT (feature, day) DO UPDATE SET count = c.count + excluded.count', changes) USING TG_ARGV[i];
    i := i + 2;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER metric_weeks_features_on_insert AFTER INSERT ON metric_weeks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('weeksRecorded', 'created_at');
--> statement-breakpoint
CREATE TRIGGER metric_weeks_features_on_update AFTER UPDATE ON metric_weeks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('weeksRecorded', 'created_at');
--> statement-breakpoint
CREATE TRIGGER metric_weeks_features_on_delete AFTER DELETE ON metric_weeks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('weeksRecorded', 'created_at');
--> statement-breakpoint
CREATE TRIGGER tasks_features_on_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('tasksCreated', 'created_at', 'tasksCompleted', 'completed_at');
--> statement-breakpoint
CREATE TRIGGER tasks_features_on_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('tasksCreated', 'created_at', 'tasksCompleted', 'completed_at');
--> statement-breakpoint
CREATE TRIGGER tasks_features_on_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('tasksCreated', 'created_at', 'tasksCompleted', 'completed_at');
--> statement-breakpoint
CREATE TRIGGER strategy_versions_features_on_insert AFTER INSERT ON strategy_versions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('strategySaves', 'created_at');
--> statement-breakpoint
CREATE TRIGGER strategy_versions_features_on_update AFTER UPDATE ON strategy_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('strategySaves', 'created_at');
--> statement-breakpoint
CREATE TRIGGER strategy_versions_features_on_delete AFTER DELETE ON strategy_versions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('strategySaves', 'created_at');
--> statement-breakpoint
CREATE TRIGGER mentor_conversations_features_on_insert AFTER INSERT ON mentor_conversations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('mentorConversations', 'created_at');
--> statement-breakpoint
CREATE TRIGGER mentor_conversations_features_on_update AFTER UPDATE ON mentor_conversations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('mentorConversations', 'created_at');
--> statement-breakpoint
CREATE TRIGGER mentor_conversations_features_on_delete AFTER DELETE ON mentor_conversations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('mentorConversations', 'created_at');
--> statement-breakpoint
CREATE TRIGGER ai_context_entries_features_on_insert AFTER INSERT ON ai_context_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('contextEntries', 'created_at');
--> statement-breakpoint
CREATE TRIGGER ai_context_entries_features_on_update AFTER UPDATE ON ai_context_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('contextEntries', 'created_at');
--> statement-breakpoint
CREATE TRIGGER ai_context_entries_features_on_delete AFTER DELETE ON ai_context_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_feature_rows('contextEntries', 'created_at');
--> statement-breakpoint
-- Backfill from the rows already there, so an existing install shows the same figures.
INSERT INTO activity_day_counts (day, founders) SELECT day, count(*) FROM activity_days GROUP BY day;
--> statement-breakpoint
INSERT INTO activity_weeks (user_id, week, days)
  SELECT user_id, day - (extract(isodow FROM day)::int - 1), bit_or(1 << (extract(isodow FROM day)::int - 1))::smallint FROM activity_days GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO activity_week_counts (week, founders) SELECT week, count(*) FROM activity_weeks GROUP BY week;
--> statement-breakpoint
-- Every founder's row, after activity_weeks: its triggers fill funnel_day_counts and retention_week_counts.
INSERT INTO founder_milestones (user_id, signed_up_at, live, email_verified, onboarded, recorded_week, created_task, asked_mentor)
  SELECT u.id, u.created_at, u.status <> 'deleted', coalesce(au.email_verified, false), u.onboarding_completed,
    EXISTS (SELECT 1 FROM metric_weeks w WHERE w.user_id = u.id), EXISTS (SELECT 1 FROM tasks t WHERE t.user_id = u.id),
    EXISTS (SELECT 1 FROM mentor_messages q WHERE q.user_id = u.id AND q.role = 'user')
  FROM users u LEFT JOIN auth_users au ON au.id = u.id;
--> statement-breakpoint
INSERT INTO feature_day_counts (feature, day, count)
  SELECT 'weeksRecorded', (created_at AT TIME ZONE 'UTC')::date, count(*) FROM metric_weeks GROUP BY 2
  UNION ALL SELECT 'tasksCreated', (created_at AT TIME ZONE 'UTC')::date, count(*) FROM tasks GROUP BY 2
  UNION ALL SELECT 'tasksCompleted', (completed_at AT TIME ZONE 'UTC')::date, count(*) FROM tasks WHERE completed_at IS NOT NULL GROUP BY 2
  UNION ALL SELECT 'strategySaves', (created_at AT TIME ZONE 'UTC')::date, count(*) FROM strategy_versions GROUP BY 2
  UNION ALL SELECT 'mentorConversations', (created_at AT TIME ZONE 'UTC')::date, count(*) FROM mentor_conversations GROUP BY 2
  UNION ALL SELECT 'contextEntries', (created_at AT TIME ZONE 'UTC')::date, count(*) FROM ai_context_entries GROUP BY 2;
