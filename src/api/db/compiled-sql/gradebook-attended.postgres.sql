select "a"."student_id", "a"."batch_session_id"
from "attendance" as "a"
where "a"."batch_session_id" in ($1, $2, $3) and ("a"."mark" in ($4, $5) or ("a"."mark" is null and "a"."joined_at" is not null))
