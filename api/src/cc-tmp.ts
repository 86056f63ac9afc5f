import SQLite from 'better-sqlite3';
const db = new SQLite('/tmp/cc-data/lms.sqlite', { readonly: true });
const variants: Record<string, string> = {
  personal: `select count(*) from chat_messages m where m.teacher_id = @t and m.sender_role = 2 and not (m.sender_role = 1 and m.sender_id = @t) and not exists (select 1 from chat_reads r where r.message_id = m.id and r.reader_role = 1 and r.reader_id = @t)`,
  personalNoSelf: `select count(*) from chat_messages m where m.teacher_id = @t and m.sender_role = 2 and not exists (select 1 from chat_reads r where r.message_id = m.id and r.reader_role = 1 and r.reader_id = @t)`,
  personalCountOnly: `select count(*) from chat_messages m where m.teacher_id = @t and m.sender_role = 2`,
  personalMinus: `select (select count(*) from chat_messages m where m.teacher_id = @t and m.sender_role = 2) - (select count(*) from chat_reads r join chat_messages m on m.id = r.message_id where r.reader_role = 1 and r.reader_id = @t and m.teacher_id = @t and m.sender_role = 2)`,
  trivial: `select @t`,
};
for (const [name, q] of Object.entries(variants)) {
  const st = db.prepare(q).pluck();
  for (let i = 0; i < 2000; i++) st.get({ t: 1 });
  const n = 5000; const t0 = process.hrtime.bigint();
  let r; for (let i = 0; i < n; i++) r = st.get({ t: 1 });
  console.log(name, r, Number(process.hrtime.bigint() - t0) / n / 1000, 'µs');
}
