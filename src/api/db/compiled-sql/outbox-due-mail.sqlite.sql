select "id", "to_address", "subject", "text_body", "html_body", "attempts", "next_attempt_at", "logged_at", "list_unsubscribe", "attachment"
from "outbox"
where "status" = ? and "next_attempt_at" <= ?
order by "next_attempt_at", "id"
limit ?
