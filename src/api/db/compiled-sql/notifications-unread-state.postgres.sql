select "recipient_id", count(*) as "n", max("id") as "latest"
from "notifications"
where "recipient_id" in ($1, $2, $3) and "read_at" is null
group by "recipient_id"
