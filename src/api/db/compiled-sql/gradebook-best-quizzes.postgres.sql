select "student_id", "score", "total"
from (select "qa"."student_id", "qa"."score", "qa"."total", row_number() over (partition by qa.student_id
order by qa.score desc, qa.total asc, qa.id desc) as "rank"
from "quiz_attempts" as "qa"
inner join "students" as "s" on "s"."id" = "qa"."student_id"
where "s"."role" = $1 and "s"."student_batch" = $2) as "ranked"
where "rank" = $3
