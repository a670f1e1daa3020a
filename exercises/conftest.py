# nbgrader_config.py is read by nbgrader (it calls get_config()), not imported by pytest
collect_ignore = ["nbgrader_config.py"]
