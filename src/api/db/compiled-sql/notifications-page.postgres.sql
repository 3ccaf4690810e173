select "n"."id", "n"."kind", "n"."title", "n"."body", "n"."link", "n"."subject_id", "n"."read_at", "n"."created_at", "sp"."id" as "subject_alive"
from "notifications" as "n"
left join "student_programs" as "sp" on "sp"."id" = "n"."subject_id"
where "n"."recipient_id" = $1 and "n"."id" < $2
order by "n"."id" desc
limit $3
