select students.*
from students
where students.role = $1 and students.student_status = $2 and students.search_text like lower($3) escape '\'
order by "students"."created_at" asc, students.id asc
limit $4
offset $5
