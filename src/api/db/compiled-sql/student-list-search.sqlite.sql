select students.*
from students_search join students on students.id = students_search.rowid
where students_search match ? and students.role = ?
order by students_search.rowid asc
limit ?
offset ?
