select students.*
from students
where students.role = $1 and students.search_text like lower($2) escape '\'
order by students.id asc
limit $3
offset $4
