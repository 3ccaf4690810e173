select "d"."id", "d"."session_id", "c"."session_number", "d"."question", "d"."answer", "d"."answered_at", "d"."created_at", "d"."run_step", "d"."run_line", "d"."run_code_bytes", "d"."run_stdin_bytes", "d"."run_files", "d"."run_files_bytes", "d"."student_id", "s"."first_name", "s"."last_name", "s"."email"
from "doubts" as "d"
left join "course_sessions" as "c" on "c"."id" = "d"."session_id"
inner join "students" as "s" on "s"."id" = "d"."student_id"
where "d"."answered_at" is null and "d"."id" > ?
order by "d"."id"
limit ?
