select "a"."batch_session_id", coalesce(sum(case when a.mark = 'present' or (a.mark is null and a.joined_at <= case a.batch_session_id when $1 then cast($2 as timestamptz) when $3 then cast($4 as timestamptz) end) then 1 else 0 end), 0) as "present", coalesce(sum(case when a.mark = 'late' or (a.mark is null and a.joined_at > case a.batch_session_id when $5 then cast($6 as timestamptz) when $7 then cast($8 as timestamptz) end) then 1 else 0 end), 0) as "late"
from "attendance" as "a"
where "a"."batch_session_id" in ($9, $10) and "a"."student_id" in (select "id"
from "students"
where "role" = $11 and "student_batch" = $12)
group by "a"."batch_session_id"
