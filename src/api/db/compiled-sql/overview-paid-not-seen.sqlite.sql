select "s"."id", s.first_name || ' ' || s.last_name as "student_name", "s"."email", "s"."student_batch" as "batch", "v"."active_at", (select max("last"."last_used_at") as "m"
from "auth_sessions" as "last"
where "last"."student_id" = "s"."id") as "session_used_at"
from "students" as "s"
left join "student_visits" as "v" on "v"."student_id" = "s"."id"
where "s"."role" = ? and "s"."student_status" = ? and (("v"."active_at" is null or "v"."active_at" < ?) and not exists (select "a"."id"
from "auth_sessions" as "a"
where "a"."student_id" = "s"."id" and "a"."last_used_at" >= ?))
order by "s"."id"
limit ?
