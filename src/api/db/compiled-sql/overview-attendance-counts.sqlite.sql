select "a"."batch_session_id", coalesce(sum(case when a.mark = 'present' or (a.mark is null and a.joined_at <= case a.batch_session_id when ? then ? when ? then ? end) then 1 else 0 end), 0) as "present", coalesce(sum(case when a.mark = 'late' or (a.mark is null and a.joined_at > case a.batch_session_id when ? then ? when ? then ? end) then 1 else 0 end), 0) as "late"
from "attendance" as "a"
where "a"."batch_session_id" in (?, ?) and "a"."student_id" in (select "id"
from "students"
where "role" = ? and "student_batch" = ?)
group by "a"."batch_session_id"
