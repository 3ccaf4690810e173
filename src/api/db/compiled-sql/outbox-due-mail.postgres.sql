update outbox set next_attempt_at = $1
where id in (
select id
from outbox
where status = 'pending' and next_attempt_at <= $2
order by next_attempt_at, id
limit $3
for update skip locked )
returning "id", "to_address", "subject", "text_body", "html_body", "attempts", "next_attempt_at", "logged_at", "list_unsubscribe", "attachment"
