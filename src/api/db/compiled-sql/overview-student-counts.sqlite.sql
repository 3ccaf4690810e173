select count(*) as "registered", coalesce(sum(case when activated = 1 then 1 else 0 end), 0) as "verified", coalesce(sum(case when student_status = ? then 1 else 0 end), 0) as "paid", coalesce(sum(case when student_batch is not null then 1 else 0 end), 0) as "in_batch", coalesce(sum(case when student_status = ? then 1 else 0 end), 0) as "completed"
from "students"
where "role" = ?
