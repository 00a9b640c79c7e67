import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never import application code here, never edit after release; add a new migration instead.
// Reading reasons (issue 37, ADR 046): why each reading and each audited write was taken, as a stable
// code (`periodic` by default). On PostgreSQL register_readings (ADR 027) is replaced by one that
// stores the reason too and treats a changed reason like a changed value, as services/readings does.

const REASONS = sql`('periodic', 'control', 'move-out', 'move-in', 'meter-change')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema of their day
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['readings', 'reading_audit']) {
    await db.schema
      .alterTable(table)
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo('periodic').check(sql`reason in ${REASONS}`))
      .execute();
  }
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function register_readings(p_account_id text, p_readings jsonb, p_key jsonb)
    returns table (inserted_rows jsonb, request_hash text, status_code integer, response_body text)
    language plpgsql
    as $function$
    #variable_conflict use_column
    declare
      v_inserted integer;
      v_inserted_ids integer[];
      v_changed integer := 0;
    begin
      -- The key first, as in withIdempotency: a claim that finds the key taken (and not expired)
      -- answers with what is stored; the next statement's snapshot sees the claim it waited for.
      if p_key is not null then
        insert into idempotency_keys as k (user_id, key, request_hash, status_code, response_body, created_at)
        values (p_key->>'user_id', p_key->>'key', p_key->>'request_hash', (p_key->>'status_code')::integer,
                p_key->>'response_body', p_key->>'created_at')
        on conflict (user_id, key) do update
          set request_hash = excluded.request_hash, status_code = excluded.status_code,
              response_body = excluded.response_body, created_at = excluded.created_at
          where k.created_at < p_key->>'expired_before';
        if not found then
          return query
            select null::jsonb, k.request_hash, k.status_code, k.response_body
            from idempotency_keys k
            where k.user_id = p_key->>'user_id' and k.key = p_key->>'key';
          return;
        end if;
      end if;

      if exists (
        select 1
        from jsonb_populate_recordset(null::readings, p_readings) b
        left join device_items i on i.id = b.device_item_id
        left join devices d on d.id = i.device_id
        left join gateways g on g.id = d.gateway_id
        where g.account_id is distinct from p_account_id or d.retired_at is not null
      ) or exists (
        select 1
        from readings r
        where r.source = 'estimate'
          and r.device_item_id = any (array(select (e->>'device_item_id')::integer from jsonb_array_elements(p_readings) e))
      ) then
        raise exception 'register_readings: this batch needs the transactional path' using errcode = 'MA001';
      end if;

      -- New (point, date) pairs, in key order (row locks in one global order: no deadlock), each
      -- with its audit row.
      with inserted as (
        insert into readings (device_item_id, date_record, value, registered_at, registered_by,
                              plausibility_override, source, entered_at, reason)
        select b.device_item_id, b.date_record, b.value, b.registered_at, b.registered_by,
               b.plausibility_override, b.source, b.entered_at, b.reason
        from jsonb_populate_recordset(null::readings, p_readings) b
        order by b.device_item_id, b.date_record
        on conflict (device_item_id, date_record) do nothing
        returning *
      ), audited as (
        insert into reading_audit (reading_id, old_value, new_value, changed_at, changed_by,
                                   plausibility_override, source, entered_at, reason)
        select id, null, value, registered_at, registered_by, plausibility_override, source, entered_at,
               reason
        from inserted
      )
      select count(*), coalesce(array_agg(id), '{}') into v_inserted, v_inserted_ids from inserted;
      -- The batch's keys are distinct (validation merged repeats): when all were new, nothing is stored yet.
      if v_inserted = jsonb_array_length(p_readings) then
        return query
          select jsonb_build_object('readings', v_inserted, 'reading_audit', v_inserted),
                 null::text, null::integer, null::text;
        return;
      end if;

      -- Stored pairs: locked in key order, a changed value or reason replaces the stored one (its
      -- approval cleared) with an audit row holding the old value; an identical one changes nothing.
      with stored as (
        select r.id, r.value as old_value, r.reason as old_reason, b.value, b.registered_at,
               b.registered_by, b.plausibility_override, b.source, b.entered_at, b.reason
        from readings r
        join jsonb_populate_recordset(null::readings, p_readings) b
          on b.device_item_id = r.device_item_id and b.date_record = r.date_record
        -- Not the rows inserted just now: locking them would write every one of them again.
        where not (r.id = any (v_inserted_ids))
        order by r.device_item_id, r.date_record
        for update of r
      ), changed as (
        update readings r
        set value = s.value, registered_at = s.registered_at, registered_by = s.registered_by,
            plausibility_override = s.plausibility_override, source = s.source, entered_at = s.entered_at,
            reason = s.reason, approved_by = null, approved_at = null
        from stored s
        where r.id = s.id and (s.old_value <> s.value or s.old_reason <> s.reason)
      ), audited as (
        insert into reading_audit (reading_id, old_value, new_value, changed_at, changed_by,
                                   plausibility_override, source, entered_at, reason)
        select s.id, s.old_value, s.value, s.registered_at, s.registered_by, s.plausibility_override,
               s.source, s.entered_at, s.reason
        from stored s
        where s.old_value <> s.value or s.old_reason <> s.reason
        returning 1
      )
      select count(*) into v_changed from audited;

      return query
        select jsonb_build_object('readings', v_inserted, 'reading_audit', v_inserted + v_changed),
               null::text, null::integer, null::text;
    end;
    $function$
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
    create or replace function register_readings(p_account_id text, p_readings jsonb, p_key jsonb)
    returns table (inserted_rows jsonb, request_hash text, status_code integer, response_body text)
    language plpgsql
    as $function$
    #variable_conflict use_column
    declare
      v_inserted integer;
      v_inserted_ids integer[];
      v_changed integer := 0;
    begin
      -- The key first, as in withIdempotency: a claim that finds the key taken (and not expired)
      -- answers with what is stored; the next statement's snapshot sees the claim it waited for.
      if p_key is not null then
        insert into idempotency_keys as k (user_id, key, request_hash, status_code, response_body, created_at)
        values (p_key->>'user_id', p_key->>'key', p_key->>'request_hash', (p_key->>'status_code')::integer,
                p_key->>'response_body', p_key->>'created_at')
        on conflict (user_id, key) do update
          set request_hash = excluded.request_hash, status_code = excluded.status_code,
              response_body = excluded.response_body, created_at = excluded.created_at
          where k.created_at < p_key->>'expired_before';
        if not found then
          return query
            select null::jsonb, k.request_hash, k.status_code, k.response_body
            from idempotency_keys k
            where k.user_id = p_key->>'user_id' and k.key = p_key->>'key';
          return;
        end if;
      end if;

      if exists (
        select 1
        from jsonb_populate_recordset(null::readings, p_readings) b
        left join device_items i on i.id = b.device_item_id
        left join devices d on d.id = i.device_id
        left join gateways g on g.id = d.gateway_id
        where g.account_id is distinct from p_account_id or d.retired_at is not null
      ) or exists (
        select 1
        from readings r
        where r.source = 'estimate'
          and r.device_item_id = any (array(select (e->>'device_item_id')::integer from jsonb_array_elements(p_readings) e))
      ) then
        raise exception 'register_readings: this batch needs the transactional path' using errcode = 'MA001';
      end if;

      -- New (point, date) pairs, in key order (row locks in one global order: no deadlock), each
      -- with its audit row.
      with inserted as (
        insert into readings (device_item_id, date_record, value, registered_at, registered_by,
                              plausibility_override, source, entered_at)
        select b.device_item_id, b.date_record, b.value, b.registered_at, b.registered_by,
               b.plausibility_override, b.source, b.entered_at
        from jsonb_populate_recordset(null::readings, p_readings) b
        order by b.device_item_id, b.date_record
        on conflict (device_item_id, date_record) do nothing
        returning *
      ), audited as (
        insert into reading_audit (reading_id, old_value, new_value, changed_at, changed_by,
                                   plausibility_override, source, entered_at)
        select id, null, value, registered_at, registered_by, plausibility_override, source, entered_at
        from inserted
      )
      select count(*), coalesce(array_agg(id), '{}') into v_inserted, v_inserted_ids from inserted;
      -- The batch's keys are distinct (validation merged repeats): when all were new, nothing is stored yet.
      if v_inserted = jsonb_array_length(p_readings) then
        return query
          select jsonb_build_object('readings', v_inserted, 'reading_audit', v_inserted),
                 null::text, null::integer, null::text;
        return;
      end if;

      -- Stored pairs: locked in key order, a changed value replaces the stored one (its approval
      -- cleared) with an audit row holding the old value; an identical value changes nothing.
      with stored as (
        select r.id, r.value as old_value, b.value, b.registered_at, b.registered_by,
               b.plausibility_override, b.source, b.entered_at
        from readings r
        join jsonb_populate_recordset(null::readings, p_readings) b
          on b.device_item_id = r.device_item_id and b.date_record = r.date_record
        -- Not the rows inserted just now: locking them would write every one of them again.
        where not (r.id = any (v_inserted_ids))
        order by r.device_item_id, r.date_record
        for update of r
      ), changed as (
        update readings r
        set value = s.value, registered_at = s.registered_at, registered_by = s.registered_by,
            plausibility_override = s.plausibility_override, source = s.source, entered_at = s.entered_at,
            approved_by = null, approved_at = null
        from stored s
        where r.id = s.id and s.old_value <> s.value
      ), audited as (
        insert into reading_audit (reading_id, old_value, new_value, changed_at, changed_by,
                                   plausibility_override, source, entered_at)
        select s.id, s.old_value, s.value, s.registered_at, s.registered_by, s.plausibility_override,
               s.source, s.entered_at
        from stored s
        where s.old_value <> s.value
        returning 1
      )
      select count(*) into v_changed from audited;

      return query
        select jsonb_build_object('readings', v_inserted, 'reading_audit', v_inserted + v_changed),
               null::text, null::integer, null::text;
    end;
    $function$
  `.execute(db);
  }
  for (const table of ['reading_audit', 'readings']) {
    await db.schema.alterTable(table).dropColumn('reason').execute();
  }
}
