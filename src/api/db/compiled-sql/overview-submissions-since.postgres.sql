select "sub"."id", s.first_name || ' ' || s.last_name as "student_name", "sp"."program_number", "sub"."status", "sub"."score", "sub"."total", "sub"."late", "sub"."created_at"
from "submissions" as "sub"
inner join "student_programs" as "sp" on "sp"."id" = "sub"."student_program_id"
inner join "students" as "s" on "s"."id" = "sp"."student_id"
where "sub"."created_at" > $1
order by "sub"."created_at" desc, "sub"."id" desc
limit $2
