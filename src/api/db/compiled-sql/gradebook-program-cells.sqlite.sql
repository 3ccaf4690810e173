select "sp"."student_id", "sp"."program_number", "sp"."best_score", "sp"."best_total", "sp"."best_late", "g"."score" as "manual_score", "g"."total" as "manual_total", "g"."released_at" as "manual_released_at", case when ("sp"."submitted_at" is not null or "sp"."best_score" is not null) then 1 else 0 end as "submitted"
from "student_programs" as "sp"
inner join "students" as "s" on "s"."id" = "sp"."student_id"
left join "manual_grades" as "g" on "g"."student_program_id" = "sp"."id"
where "s"."role" = ? and "s"."student_batch" = ?
