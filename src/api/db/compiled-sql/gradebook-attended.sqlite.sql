select "a"."student_id", "a"."batch_session_id"
from "attendance" as "a"
where "a"."batch_session_id" in (?, ?, ?) and ("a"."mark" in (?, ?) or ("a"."mark" is null and "a"."joined_at" is not null))
