select students.*
from students
where students.role = ? and students.student_status < ?
order by "students"."last_name" desc, students.id desc
limit ?
offset ?
