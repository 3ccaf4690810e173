select students.*
from students
where students.role = $1 and students.student_status < $2
order by "students"."last_name" desc, students.id desc
limit $3
offset $4
