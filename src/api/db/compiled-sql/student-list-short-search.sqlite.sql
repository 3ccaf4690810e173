select students.*
from students
where students.role = ? and students.student_status = ? and coalesce(students.first_name, '') || ' ' || coalesce(students.last_name, '') || ' ' || students.email || ' ' || coalesce(students.city, '') || ' ' || coalesce(students.mobile, '') || ' ' || students.uniq_id like ? escape '\'
order by "students"."created_at" asc, students.id asc
limit ?
offset ?
